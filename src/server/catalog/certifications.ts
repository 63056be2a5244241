/**
 * TV and movie certifications by country, as the real service lists them: every country, label,
 * order and meaning of its recorded answers, each country's labels in the order the service
 * sends them (not always by `order`: Portugal's TV labels come unsorted, and some orders are
 * shared, as Spain's 12 and 16). Generated titles draw their release certifications and content
 * ratings from these lists, and discover's certification filters read them.
 *
 * Sources, named per country below:
 * - "OpenAPI movie": the example answer of GET /3/certification/movie/list in the service's
 *   official OpenAPI description (developer.themoviedb.org/openapi/tmdb-api.json).
 * - "OpenAPI tv": the example answer of GET /3/certification/tv/list there. The recorded answer
 *   of chiiya/tmdb-php (tests/responses/certifications/tv-certifications.json, trimmed to RU
 *   and US) agrees with it label for label.
 * - "recorded movie 2024": the answer of GET /3/certification/movie/list recorded on 5 Feb 2024
 *   for the tmdb-api Rust crate (jdrouet/tmdb-api, assets/certification-movie-list.json), kept
 *   in test/server/recordings/. It agrees with the OpenAPI example on every country both have,
 *   and adds the Czech Republic. Its TV list, recorded the same day, is the OpenAPI one.
 * The test test/server/certification-ladders.test.ts holds these tables to the recordings.
 */

export type Certification = {
  certification: string;
  meaning: string;
  order: number;
};

type Row = readonly [label: string, order: number, meaning: string];

export const TV_CERTIFICATIONS: Readonly<Record<string, readonly Row[]>> = {
  // AR: OpenAPI tv
  AR: [
    ['ATP', 1, 'Suitable for all audiences.'],
    ['SAM 13', 2, 'Suitable for ages 13 and up.'],
    ['SAM 16', 3, 'Suitable for ages 16 and up.'],
    ['SAM 18', 4, 'Suitable for ages 18 and up.'],
  ],
  // AU: OpenAPI tv
  AU: [
    ['P', 1, 'Programming is intended for younger children 2–11; commercial stations must show at least 30 minutes of P-rated content each weekday and weekends at all times. No advertisements may be shown during P-rated programs.'],
    ['C', 2, 'Programming intended for older children 5–14; commercial stations must show at least 30 minutes of C-rated content each weekday between 7 a.m. and 8 a.m. or between 4 p.m. and 8:30 p.m. A further 2 and a half ours a week must also be shown either within these time bands or between 7 a.m. and 8:30 p.m. on weekends and school holidays, for a total of five hours a week (averaged as 260 hours over the course of a year). C-rated content is subject to certain restrictions and limitations on advertising (typically five minutes maximum per 30-minute period or seven minutes including promotions and community announcements).'],
    ['G', 3, 'For general exhibition; all ages are permitted to watch programming with this rating.'],
    ['PG', 4, 'Parental guidance is recommended for young viewers; PG-rated content may air at any time on digital-only channels, otherwise, it should only be broadcast between 8:30 a.m. and 4:00 p.m. and between 7:00 p.m. and 6:00 a.m. on weekdays, and between 10:00 a.m. and 6:00 a.m. on weekends.'],
    ['M', 5, 'Recommended for mature audiences; M-rated content may only be broadcast between 8:30 p.m. and 5:00 a.m. on any day, and additionally between 12:00 p.m. and 3:00 p.m. on schooldays.'],
    ['MA 15+', 6, 'Not suitable for children and teens under 15; MA15+-rated programming may only be broadcast between 9:00 p.m. and 5:00 a.m. on any given day. Consumer advice is mandatory. Some R18+ rated movies on DVD/Blu-ray are often re-edited on free TV/cable channels to secure a more '],
    ['AV 15+', 7, 'Not suitable for children and teens under 15; this is the same as the MA15+ rating, except the '],
    ['R 18+', 8, 'Not for children under 18; this is limited to Adult '],
  ],
  // BG: OpenAPI tv
  BG: [
    ['Unrated', 1, 'Can be viewed for each age.'],
    ['12', 2, 'Content suitable for viewers over the age of 12.'],
    ['14', 3, 'Content suitable for viewers over the age of 14.'],
    ['16', 4, 'Content suitable for viewers over the age of 16.'],
    ['18', 5, 'Content suitable for viewers over the age of 18. Not allowed before 23:00.'],
  ],
  // BR: OpenAPI tv
  BR: [
    ['14', 3, 'Content suitable for viewers over the age of 14.'],
    ['16', 4, 'Content suitable for viewers over the age of 16.'],
    ['L', 0, 'Content is suitable for all audiences.'],
    ['10', 1, 'Content suitable for viewers over the age of 10.'],
    ['12', 2, 'Content suitable for viewers over the age of 12.'],
    ['18', 5, 'Content suitable for viewers over the age of 18.'],
  ],
  // CA: OpenAPI tv
  CA: [
    ['Exempt', 1, 'Shows which are exempt from ratings (such as news and sports programming) will not display an on-screen rating at all.'],
    ['C', 2, 'Programming suitable for children ages of 2–7 years. No profanity or sexual content of any level allowed. Contains little violence.'],
    ['C8', 3, 'Suitable for children ages 8+. Low level violence and fantasy horror is allowed. No foul language is allowed, but occasional '],
    ['G', 4, 'Suitable for general audiences. Programming suitable for the entire family with mild violence, and mild profanity and/or censored language.'],
    ['PG', 5, 'Parental guidance. Moderate violence and moderate profanity is allowed, as is brief nudity and sexual references if important to the context of the story.'],
    ['14+', 6, 'Programming intended for viewers ages 14 and older. May contain strong violence and strong profanity, and depictions of sexual activity as long as they are within the context of a story.'],
    ['18+', 7, 'Programming intended for viewers ages 18 and older. May contain explicit violence and sexual activity. Programming with this rating cannot air before the watershed (9:00 p.m. to 6:00 a.m.).'],
  ],
  // CA-QC: OpenAPI tv
  'CA-QC': [
    ['18+', 5, 'Only to be viewed by adults and may contain extreme violence and graphic sexual content. It is mostly used for 18+ movies and pornography.'],
    ['13+', 3, 'Appropriate – suitable for children 13 and up and may contain with moderate violence, language, and some sexual situations.'],
    ['8+', 2, 'Appropriate for children 8 and up may contain with little violence, language, and little to no sexual situations.'],
    ['16+', 4, 'Recommended for children over the age of 16 and may contain with strong violence, strong language, and strong sexual content.'],
    ['NR', 0, 'No rating information.'],
    ['G', 1, 'Appropriate for all ages and must contain little or no violence and little to no sexual content.'],
  ],
  // DE: OpenAPI tv
  DE: [
    ['0', 1, 'Can be aired at any time.'],
    ['6', 2, 'Can be aired at any time.'],
    ['12', 3, 'The broadcaster must take the decision about the air time by taking in consideration the impact on young children in the timeframe from 6:00am to 8:00pm.'],
    ['16', 4, 'Can be aired only from 10:00pm Uhr to 6:00am.'],
    ['18', 5, 'Can be aired only from 11:00pm Uhr to 6:00am.'],
  ],
  // DK: OpenAPI tv
  DK: [
    ['A', 1, 'Suitable for a general audience.'],
    ['7', 2, 'Not recommended for children under 7.'],
    ['11', 3, 'For ages 11 and up.'],
    ['15', 4, 'For ages 15 and up.'],
  ],
  // ES: OpenAPI tv
  ES: [
    ['NR', 0, 'No rating information.'],
    ['ERI', 1, 'Specially recommended for younger children.'],
    ['TP', 2, 'For general viewing.'],
    ['7', 3, 'Not recommended for viewers under the age of 7.'],
    ['10', 4, 'Not recommended for viewers under the age of 10.'],
    ['12', 5, 'Not recommended for viewers under the age of 12.'],
    ['13', 6, 'Not recommended for viewers under the age of 13.'],
    ['16', 7, 'Not recommended for viewers under the age of 16.'],
    ['18', 8, 'Not recommended for viewers under the age of 18.'],
  ],
  // FI: OpenAPI tv
  FI: [
    ['S', 0, 'Allowed at all times.'],
    ['K7', 1, 'Not allowed air before 7:00 a.m., not recommended for children under 7.'],
    ['K12', 2, 'Not allowed air before 5:00 p.m., not recommended for children under 12.'],
    ['K16', 3, 'Not allowed air before 9:00 p.m., not recommended for children under 16.'],
    ['K18', 4, 'Not allowed air before 11:00 p.m., not recommended for children under 18.'],
  ],
  // FR: OpenAPI tv
  FR: [
    ['NR', 0, 'No rating information.'],
    ['10', 1, "Not recommended for children under 10. Not allowed in children's television series."],
    ['12', 2, 'Not recommended for children under 12. Not allowed air before 10:00 p.m. Some channels and programs are subject to exception.'],
    ['16', 3, 'Not recommended for children under 16. Not allowed air before 10:30 p.m. Some channels and programs are subject to exception.'],
    ['18', 4, 'Not recommended for persons under 18. Allowed between midnight and 5 a.m. and only in some channels, access to these programs is locked by a personal password.'],
  ],
  // GB: OpenAPI tv
  GB: [
    ['U', 0, 'The U symbol stands for Universal. A U film should be suitable for audiences aged four years and over.'],
    ['PG', 1, 'PG stands for Parental Guidance. This means a film is suitable for general viewing, but some scenes may be unsuitable for young children. A PG film should not unsettle a child aged around eight or older.'],
    ['12A', 2, 'Films classified 12A and video works classified 12 contain material that is not generally suitable for children aged under 12. 12A requires an adult to accompany any child under 12 seeing a 12A film at the cinema.'],
    ['12', 3, 'Films classified 12A and video works classified 12 contain material that is not generally suitable for children aged under 12.'],
    ['15', 4, 'No-one under 15 is allowed to see a 15 film at the cinema or buy/rent a 15 rated video. 15 rated works are not suitable for children under 15 years of age.'],
    ['18', 5, 'Films rated 18 are for adults. No-one under 18 is allowed to see an 18 film at the cinema or buy / rent an 18 rated video. No 18 rated works are suitable for children.'],
    ['R18', 6, 'The R18 category is a special and legally-restricted classification primarily for explicit works of consenting sex or strong fetish material involving adults.'],
  ],
  // GR: OpenAPI tv
  GR: [
    ['K', 1, 'Suitable for all ages.'],
    ['8', 2, 'Suitable for ages 8 and up (allowed only 30 minutes after the kid-friendly zone).'],
    ['12', 3, 'Suitable for ages 12 and up (allowed only between 9:30 p.m. and 6:00 a.m., or between 10:00 p.m. and 6:00 a.m. during Fridays, Saturdays and school holidays).'],
    ['16', 4, 'Suitable for ages 16 and up (allowed only between 11:00 p.m. and 6:00 a.m.).'],
    ['18', 5, 'Suitable for ages 18 and up (allowed only between 1:00 a.m. and 6:00 a.m.).'],
  ],
  // HU: OpenAPI tv
  HU: [
    ['Unrated', 1, 'Without age restriction.'],
    ['Children', 2, 'Programs recommended for children. It is an optional rating, there is no obligation for broadcasters to indicate it.'],
    ['16', 5, 'Programs not recommended for teens and children below the age of 16, may contain more intensive violence and sexual content. A yellow circle with the number 16 written inside is used for this rating.'],
    ['18', 6, 'The program is recommended only for adult viewers (for ages 18 and up), may contain explicit violence and explicit sexual content. A red circle with the number 18 written inside is used for this rating (the red circle was also used until 2002, but it did not contain any number in it).'],
    ['NR', 0, 'No rating information.'],
    ['6', 3, 'Programs not recommended for children below the age of 6, may not contain any violence or sexual content. A yellow circle with the number 6 written inside is used for this rating.'],
    ['12', 4, 'Programs not recommended for children below the age of 12, may contain light sexual content or explicit language. Most films without serious violence or sexual content fit into this category as well. A yellow circle with the number 12 written inside is used for this rating.'],
  ],
  // ID: OpenAPI tv
  ID: [
    ['SU', 1, 'Suitable for general audiences over the age of 2 years.'],
    ['P', 2, 'Suitable for pre-school children from ages 2 through 6.'],
    ['A', 3, 'Suitable for children from ages 7 through 12.'],
    ['R', 4, 'Suitable for teens from ages 13 through 17.'],
    ['D', 5, 'Suitable for viewers over 18 and older. Programmes with this rating are aired from 10.00 PM to 03.00 AM.'],
  ],
  // IL: OpenAPI tv
  IL: [
    ['E', 1, 'Exempt from classification. This rating is usually applied to live broadcasts.'],
    ['G', 1, 'General Audiences. Anyone, regardless of age, can watch the programme.'],
    ['12+', 2, 'Suitable for children 12 and over only.'],
    ['15+', 3, 'Suitable for teens 15 and over only.'],
    ['18+', 4, 'Suitable for adults 18 and over only.'],
  ],
  // IN: OpenAPI tv
  IN: [
    ['U', 1, 'Viewable for all ages.'],
    ['U/A 7+', 2, 'Viewable for 7 and above years old.'],
    ['U/A 13+', 3, 'Viewable for 13 and above years old.'],
    ['U/A 16+', 4, 'Viewable for 16 and above years old.'],
    ['A', 5, 'Viewable only for adults.'],
  ],
  // IT: OpenAPI tv
  IT: [
    ['T', 1, 'All ages admitted.'],
    ['BA', 2, 'Parental guidance suggested.'],
    ['VM12', 3, 'Not recommended for children under 12.'],
    ['VM14', 4, 'Not recommended for children under 14.'],
    ['VM18', 5, 'Not recommended for children under 18.'],
  ],
  // KR: OpenAPI tv
  KR: [
    ['Exempt', 1, 'This rating is only for knowledge based game shows; lifestyle shows; documentary shows; news; current topic discussion shows; education/culture shows; sports that excludes MMA or other violent sports; and other programs that Korea Communications Standards Commission recognizes.'],
    ['ALL', 2, 'This rating is for programming that is appropriate for all ages. This program usually involves programs designed for children or families.'],
    ['7', 3, 'This rating is for programming that may contain material inappropriate for children younger than 7, and parental discretion should be used. Some cartoon programming not deemed strictly as '],
    ['12', 4, 'This rating is for programs that may deemed inappropriate for those younger than 12, and parental discretion should be used. Usually used for animations that have stronger themes or violence then those designed for children, or for reality shows that have mild violence, themes, or language.'],
    ['15', 5, 'This rating is for programs that contain material that may be inappropriate for children under 15, and that parental discretion should be used. Examples include most dramas, and talk shows on OTA (over-the-air) TV (KBS, MBC, SBS), and many American TV shows/dramas on Cable TV channels like OCN and OnStyle. The programs that have this rating may include moderate or strong adult themes, language, sexual inference, and violence. As with the TV-MA rating in North America, this rating is commonly applied to live events where the occurrence of inappropriate dialogue is unpredictable. Since 2007, this rating is the most used rating for TV.'],
    ['19', 6, 'This rating is for programs that are intended for adults only. 19-rated programming cannot air during the hours of 7:00AM to 9:00AM, and 1:00PM to 10:00PM. Programmes that receive this rating will almost certainly have adult themes, sexual situations, frequent use of strong language and disturbing scenes of violence.'],
  ],
  // LT: OpenAPI tv
  LT: [
    ['S', 3, 'Intended for adult viewers from the age of 18 (corresponding to the age-appropriate index N-18) and broadcast between 23 (11pm) and 6 (6am) hours; Limited to minors and intended for adult audiences.'],
    ['N-14', 2, 'Intended for viewers from 14 years of age and broadcast from 21 (9pm) to 6 (6am) hours.'],
    ['NR', 0, 'No rating information.'],
    ['N-7', 1, 'Intended for viewers from 7 years old.'],
  ],
  // MA: OpenAPI tv
  MA: [
    ['NR', 0, 'All audiences.'],
    ['10', 1, 'Not recommended for under 10.'],
    ['12', 2, 'Not recommended for under 12.'],
    ['16', 3, 'Not recommended for under 16.'],
  ],
  // MX: OpenAPI tv
  MX: [
    ['AA', 1, 'Aimed at children (can be broadcast anytime).'],
    ['A', 2, 'Appropriate for all ages.'],
    ['B', 3, 'Designed for ages 12 and older (allowed only between 16:00 and 05:59).'],
    ['B-15', 4, 'Designed for ages 15 and up (allowed only between 19:00 and 05:59).'],
    ['C', 5, 'Designed to be viewed by adults aged 18 or older (allowed only between 21:00 and 05:59).'],
    ['D', 6, 'Exclusively for adults aged 18 or older (allowed only between midnight and 05:00).'],
  ],
  // MY: OpenAPI tv
  MY: [
    ['U', 1, 'No age limit. Can be broadcast anytime.'],
    ['P13', 2, 'Viewers under 13 years of age need parental/guardian supervision while viewing. Can be broadcast anytime, but some elements may only be broadcast at night.'],
    ['18', 3, 'For viewers 18 and above. Cannot be broadcast before 10:00 PM.'],
  ],
  // NL: OpenAPI tv
  NL: [
    ['NR', 0, 'No rating information.'],
    ['AL', 1, 'Not harmful / All Ages.'],
    ['6', 2, 'Take care with children under 6.'],
    ['9', 3, 'Take care with children under 9.'],
    ['12', 4, 'Take care with children under 12.'],
    ['16', 6, 'Take care with children under 16.'],
    ['14', 5, 'Take care with children under 14.'],
    ['18', 7, 'Take care with children under 18.'],
  ],
  // NO: OpenAPI tv
  NO: [
    ['A', 1, 'Allowed at all times.'],
    ['6', 2, 'Allowed at all times.'],
    ['9', 3, 'Allowed at all times.'],
    ['12', 4, 'Only allowed during the period 19.00 – 05.30.'],
    ['15', 5, 'Only allowed during the period 21.00 – 05.30.'],
    ['18', 6, 'Only allowed during the period 21.00 – 05.30.'],
  ],
  // NZ: OpenAPI tv
  NZ: [
    ['G', 1, 'Approved for general viewing.'],
    ['PG', 2, 'Parental Guidance recommended for younger viewers.'],
    ['M', 3, 'Suitable for mature audiences 16 years and over.'],
    ['16', 4, 'People under 16 years should not view.'],
    ['18', 5, 'People under 18 years should not view.'],
  ],
  // PH: OpenAPI tv
  PH: [
    ['NR', 0, 'No rating information.'],
    ['G', 1, 'Suitable for all ages. Material for television, which in the judgment of the Board does not contain anything unsuitable for children.'],
    ['PG', 2, 'Parental guidance suggested. Material for television, which, in the judgment of the Board, may contain some adult material that may be permissible for children to watch but only under the guidance and supervision of a parent or adult.'],
    ['SPG', 3, 'Stronger and more vigilant parental guidance is suggested. Programs classified as “SPG” may contain more serious topic and theme, which may not be advisable for children to watch except under the very vigilant guidance and presence of a parent or an adult.'],
    ['X', 4, 'Any television program that does not conform to the “G”, “PG”, and “SPG” classification shall be disapproved for television broadcast.'],
  ],
  // PL: OpenAPI tv
  PL: [
    ['0', 1, 'Positive or neutral view of the world, little to no violence, non-sexual love, and no sexual content.'],
    ['7', 2, 'As above; may additionally contain some mild language, bloodless violence, and a more negative view of the world.'],
    ['12', 3, 'May contain some foul language, some violence, and some sexual content.'],
    ['16', 4, 'Deviant social behaviour, world filled with violence and sexuality, simplified picture of adulthood, display of physical force, especially in controversial social context (against or by parents, teachers, etc.), immoral behaviour without ethic dilemma, putting the blame on the victim, excessive concentration on material possessions.'],
    ['18', 5, 'One-sided display of the joys of adult life without showing responsibilities (e.g. work), social justification of violent behaviour, excessive vulgarity, use of racial slurs and social stereotypes, explicit sexual content, praise of aggression or vulgarity, access to these programs is locked by a personal password.'],
  ],
  // PR: OpenAPI tv
  PR: [
    ['NR', 0, ''],
    ['TV-MA', 6, ''],
    ['TV-Y', 1, ''],
    ['TV-Y7', 2, ''],
    ['TV-G', 3, ''],
    ['TV-PG', 4, ''],
    ['TV-14', 5, ''],
  ],
  // PT: OpenAPI tv
  PT: [
    ['12AP', 3, 'Acompanhamento Parental (may not be suitable for children under 12, parental guidance advised).'],
    ['18', 5, 'Not suitable for children under 18.'],
    ['NR', 0, 'No rating information.'],
    ['16', 4, 'Not suitable for children under 16, access to these programs is locked by a personal password.'],
    ['T', 1, 'Todos (suitable for all).'],
    ['10AP', 2, 'Acompanhamento Parental (may not be suitable for children under 10, parental guidance advised).'],
  ],
  // RU: OpenAPI tv
  RU: [
    ['16+', 4, 'Only teens the age of 16 or older can watch.'],
    ['18+', 5, 'Restricted to People 18 or Older.'],
    ['6+', 2, 'Only kids the age of 6 or older can watch.'],
    ['12+', 3, 'Only kids the age of 12 or older can watch.'],
    ['0+', 1, 'Can be watched by Any Age.'],
  ],
  // SE: OpenAPI tv
  SE: [
    ['Btl', 1, ''],
    ['Från 7 år', 2, ''],
    ['Från 11 år', 3, ''],
    ['Från 15 år', 4, ''],
  ],
  // SG: OpenAPI tv
  SG: [
    ['G', 1, ''],
    ['PG', 2, ''],
    ['PG13', 3, ''],
    ['NC16', 4, ''],
    ['M18', 5, ''],
    ['R21', 6, 'Suitable for adults aged 21 and above.'],
  ],
  // SK: OpenAPI tv
  SK: [
    ['NR', 0, 'No rating information.'],
    ['7', 2, 'Content suitable for children over 6 years.'],
    ['U', 1, 'Content suitable for all children.'],
    ['12', 3, 'Content suitable for children over 12 years.'],
    ['15', 4, 'Content suitable for teens over 15 years.'],
    ['18', 5, 'Content exclusively for adults.'],
  ],
  // TH: OpenAPI tv
  TH: [
    ['ส', 1, 'Sor - Educational movies which the public should be encouraged to see.'],
    ['ท', 2, 'Tor - G Movies appropriate for the general public. No sex, abusive language or violence.'],
    ['น 13+', 3, 'Nor 13+ Movies appropriate for audiences aged 13 and older.'],
    ['น 15+', 4, 'Nor 15+ Movies appropriate for audiences aged 15 and older. Some violence, brutality, inhumanity, bad language or indecent gestures allowed.'],
    ['น 18+', 5, 'Nor 18+ Movies appropriate for audiences aged 18 and older.'],
    ['ฉ 20-', 6, 'Chor 20 - Movies prohibited for audiences aged below 20.'],
    ['-', 7, 'Banned.'],
  ],
  // TR: OpenAPI tv
  TR: [
    ['Genel İzleyici', 1, 'General audience. Suitable for all ages.'],
    ['7+', 2, 'Suitable for ages 7 and over.'],
    ['13+', 3, 'Suitable for ages 13 and over.'],
    ['18+', 4, 'Suitable for ages 18 and over.'],
  ],
  // TW: OpenAPI tv
  TW: [
    ['0+', 1, 'Suitable for watching by general audiences.'],
    ['6+', 2, 'Not suitable for viewing by children under the age of six; children over six and under the age of twelve can view if accompanied by parents, teacher or an adult relative.'],
    ['12+', 3, 'Not suitable for viewing by children under the age of twelve, split from the former rating Parental Guidance.'],
    ['15+', 4, 'Not suitable for viewing by people under the age of fifteen, split from the former rating Parental Guidance.'],
    ['18+', 4, 'Not suitable for viewing by people under the age of eighteen.'],
  ],
  // US: OpenAPI tv
  US: [
    ['TV-MA', 6, 'This program is specifically designed to be viewed by adults and therefore may be unsuitable for children under 17.'],
    ['TV-Y', 1, 'This program is designed to be appropriate for all children.'],
    ['TV-14', 5, 'This program contains some material that many parents would find unsuitable for children under 14 years of age.'],
    ['NR', 0, 'No rating information.'],
    ['TV-PG', 4, 'This program contains material that parents may find unsuitable for younger children.'],
    ['TV-Y7', 2, 'This program is designed for children age 7 and above.'],
    ['TV-G', 3, 'Most parents would find this program suitable for all ages.'],
  ],
  // VI: OpenAPI tv
  VI: [
    ['NR', 0, ''],
    ['TV-Y', 1, ''],
    ['TV-Y7', 2, ''],
    ['TV-G', 3, ''],
    ['TV-PG', 4, ''],
    ['TV-14', 5, ''],
    ['TV-MA', 6, ''],
  ],
  // ZA: OpenAPI tv
  ZA: [
    ['All', 1, 'This is a programme/film that does not contain any obscenity, and is suitable for family viewing. A logo must be displayed in the corner of the screen for 30 seconds after each commercial break.'],
    ['PG', 2, 'Children under 6 may watch this programme/film, but must be accompanied by an adult. This program contains an adult related theme, which might include very mild language, violence and sexual innuendo. A logo must be displayed in the corner of the screen for one minute after each commercial break.'],
    ['13', 3, 'Children under 13 are prohibited from watching this programme/film. This programme contains mild language, violence and sexual innuendo. A logo must be displayed in the corner of the screen for two minutes after each commercial break.'],
    ['16', 4, 'Children under 16 are prohibited from watching this programme/film. It contains moderate violence, language, and some sexual situations. In the case of television, this programme may only be broadcast after 9pm–4:30am. A logo must be displayed in the corner of the screen for five minutes after each commercial break. A full-screen warning must be issued before the start of the programme. If the programme is longer than an hour, a warning must be displayed every half an hour.'],
    ['18', 5, 'Children under 18 are prohibited from watching this programme/film. It contains extreme violence, language and/or graphic sexual content. In the case of television, this program may only be broadcast from 10pm–4:30am. A logo must be displayed in the corner of the screen for the duration of the programme. A full-screen warning must be issued before the start of the programme and after each commercial break.'],
    ['X18', 6, 'This is reserved for films of an extreme sexual nature (pornography). X18 films may only be distributed in the form of video and DVD in a controlled environment (e.g. adult shops). No public viewing of this film may take place. X18 films may not be broadcast on television and in cinemas. This has been breached twice by e.tv, where the softcore (borderline hardcore) Emmanuelle was screened. The X18 rating does not refer to child pornography/child sexual abuse—due to being banned by the Film and Publication Board.'],
  ],
};

export const MOVIE_CERTIFICATIONS: Readonly<Record<string, readonly Row[]>> = {
  // AR: OpenAPI movie
  AR: [
    ['ATP', 1, 'For all public.'],
    ['+13', 2, 'Suitable for 13-year-olds and over. Children under the age of 13 are admitted if accompanied by an adult.'],
    ['+16', 3, 'Suitable for 16-year-olds and over.'],
    ['+18', 4, 'Suitable for 18-year-olds and over.'],
    ['C', 5, 'Suitable for 18-year-olds and over. Restricted to specially licensed venues.'],
  ],
  // AU: OpenAPI movie
  AU: [
    ['E', 1, 'Exempt from classification. Films that are exempt from classification must not contain contentious material (i.e. material that would ordinarily be rated M or higher).'],
    ['G', 2, 'General. The content is very mild in impact.'],
    ['PG', 3, 'Parental guidance recommended. There are no age restrictions. The content is mild in impact.'],
    ['M', 4, 'Recommended for mature audiences. There are no age restrictions. The content is moderate in impact.'],
    ['MA 15+', 5, 'Mature Accompanied. Unsuitable for children younger than 15. Children younger than 15 years must be accompanied by a parent or guardian. The content is strong in impact.'],
    ['R 18+', 6, 'Restricted to 18 years and over. Adults only. The content is high in impact.'],
    ['X 18+', 7, 'Restricted to 18 years and over. Films with this rating have pornographic content. Films classified as X18+ are banned from being sold or rented in all Australian states and are only legally available in the Australian Capital Territory and the Northern Territory. However, importing X18+ material from the two territories to any of the Australian states is legal.The content is sexually explicit in impact.'],
    ['RC', 8, 'Refused Classification. Banned from sale or hire in Australia; also generally applies to importation (if inspected by and suspicious to Customs). Private Internet viewing is unenforced and attempts to legally censor such online material has resulted in controversy. Films are rated RC if their content exceeds the guidelines. The content is very high in impact.'],
  ],
  // BG: OpenAPI movie
  BG: [
    ['D', 4, 'Prohibited for persons under 16.'],
    ['X', 5, 'Prohibited for persons under 18.'],
    ['B', 2, 'Without age restrictions.'],
    ['C', 3, 'Not recommended for children under 12.'],
    ['A', 1, 'Recommended for children.'],
  ],
  // BR: OpenAPI movie
  BR: [
    ['14', 4, 'Not recommended for minors under fourteen. More violent material, stronger sex references and/or nudity.'],
    ['16', 5, 'Not recommended for minors under sixteen. Scenes featuring production, trafficking and/or use of illegal drugs, hyper-realistic sex, sexual violence, abortion, torture, mutilation, suicide, trivialization of violence and death penalty.'],
    ['L', 1, 'General Audiences. Do not expose children to potentially harmful content.'],
    ['12', 3, 'Not recommended for minors under twelve. Scenes can include physical aggression, use of legal drugs and sexual innuendo.'],
    ['10', 2, 'Not recommended for minors under ten. Violent content or inappropriate language to children, even if of a less intensity.'],
    ['18', 6, 'Not recommended for minors under eighteen. Scenes featuring explicit sex, incest, pedophilia, praising of the use of illegal drugs and violence of a strong imagery impact.'],
  ],
  // CA: OpenAPI movie
  CA: [
    ['G', 2, 'All ages.'],
    ['PG', 3, 'Parental guidance advised. There is no age restriction but some material may not be suitable for all children.'],
    ['14A', 4, 'Persons under 14 years of age must be accompanied by an adult.'],
    ['18A', 5, 'Persons under 18 years of age must be accompanied by an adult. In the Maritimes & Manitoba, children under the age of 14 are prohibited from viewing the film.'],
    ['R', 6, 'Restricted to 18 years and over. No rental or purchase by those under 18. Content not suitable for minors. Video contains frequent use of: sexual activity; brutal/graphic violence; intense horror; and/or other disturbing content.'],
    ['A', 7, 'Admittance restricted to people 18 years of age or older. Sole purpose of the film is the portrayal of sexually explicit activity and/or explicit violence.'],
    ['E', 1, 'Exempt. Contains material not subject to classification such as documentaries, nature, travel, music, arts and culture, sports and educational and instructional information.'],
  ],
  // CA-QC: OpenAPI movie
  'CA-QC': [
    ['NR', 0, 'No rating information.'],
    ['G', 1, 'General Rating – May be viewed, rented or purchased by persons of all ages. If a film carrying a "G" rating might offend the sensibilities of a child under 8 years of age, "Not suitable for young children" is appended to the classification.'],
    ['13+', 2, '13 years and over – May be viewed, rented or purchased only by children 13 years of age or over. Children under 13 may be admitted only if accompanied by an adult.'],
    ['16+', 3, '16 years and over – May be viewed, rented or purchased only by children 16 years of age or over.'],
    ['18+', 4, '18 years and over – May be viewed, rented or purchased only by adults 18 years of age or over. If a film contains real and explicit sexual activity "Explicit sexuality" is appended to the classification, and in the retail video industry storeowners are required to place the film in a room reserved for adults.'],
  ],
  // CH: OpenAPI movie
  CH: [
    ['0', 1, ''],
    ['6', 2, ''],
    ['8', 3, ''],
    ['10', 4, ''],
    ['12', 5, ''],
    ['14', 6, ''],
    ['16', 7, ''],
    ['18', 8, ''],
  ],
  // CZ: recorded movie 2024 (the OpenAPI example has no Czech list)
  CZ: [
    ['UR', 0, 'Not rated.'],
    ['U', 1, 'No age limit.'],
    ['12+', 2, 'Unsuitable for persons under the age of 12.'],
    ['15+', 3, 'Unsuitable for persons under the age of 15.'],
    ['18+', 4, 'Unsuitable for persons under the age of 18.'],
  ],
  // DE: OpenAPI movie
  DE: [
    ['12', 3, 'Children 12 or older admitted, children between 6 and 11 only when accompanied by parent or a legal guardian.'],
    ['18', 5, 'No youth admitted, only adults.'],
    ['0', 1, 'No age restriction.'],
    ['6', 2, 'No children younger than 6 years admitted.'],
    ['16', 4, 'Children 16 or older admitted, nobody under this age admitted.'],
  ],
  // DK: OpenAPI movie
  DK: [
    ['NR', 0, 'No rating information.'],
    ['A', 1, 'Suitable for a general audience.'],
    ['7', 2, 'Not recommended for children under 7.'],
    ['11', 3, 'For ages 11 and up.'],
    ['15', 4, 'For ages 15 and up.'],
    ['F', 5, 'Exempt from classification.'],
  ],
  // ES: OpenAPI movie
  ES: [
    ['A', 1, 'General admission.'],
    ['Ai', 2, 'General admission.'],
    ['7', 3, 'Not recommended for audiences under 7.'],
    ['7i', 4, 'Not recommended for audiences under 7.'],
    ['12', 5, 'Not recommended for audiences under 12.'],
    ['16', 5, 'Not recommended for audiences under 16.'],
    ['18', 7, 'Not recommended for audiences under 18.'],
    ['X', 8, 'Prohibited for audiences under 18.'],
  ],
  // FI: OpenAPI movie
  FI: [
    ['K-16', 4, 'Over 16 years.'],
    ['K-12', 3, 'Over 12 years.'],
    ['K-7', 2, 'Over 7 years.'],
    ['S', 1, 'For all ages.'],
    ['K-18', 5, 'Adults only.'],
    ['KK', 6, 'Banned from commercial distribution.'],
  ],
  // FR: OpenAPI movie
  FR: [
    ['TP', 1, 'Valid for all audiences.'],
    ['12', 2, 'Unsuitable for children younger than 12 or forbidden in cinemas for under 12.'],
    ['16', 3, 'Unsuitable for children younger than 16 or forbidden in cinemas for under 16.'],
    ['18', 4, 'Unsuitable for children younger than 18 or forbidden in cinemas for under 18.'],
  ],
  // GB: OpenAPI movie
  GB: [
    ['15', 5, 'Only those over 15 years are admitted. Nobody younger than 15 can rent or buy a 15-rated VHS, DVD, Blu-ray Disc, UMD or game, or watch a film in the cinema with this rating. Films under this category can contain adult themes, hard drugs, frequent strong language and limited use of very strong language, strong violence and strong sex references, and nudity without graphic detail. Sexual activity may be portrayed but without any strong detail. Sexual violence may be shown if discreet and justified by context.'],
    ['R18', 7, 'Can only be shown at licensed adult cinemas or sold at licensed sex shops, and only to adults, those aged 18 or over. Films under this category are always hard-core pornography, defined as material intended for sexual stimulation and containing clear images of real sexual activity, strong fetish material, explicit animated images, or sight of certain acts such as triple simultaneous penetration and snowballing. There remains a range of material that is often cut from the R18 rating: strong images of injury in BDSM or spanking works, urolagnia, scenes suggesting incest even if staged, references to underage sex or childhood sexual development and aggressive behaviour such as hair-pulling or spitting on a performer are not permitted. More cuts are demanded in this category than any other category.'],
    ['PG', 2, 'All ages admitted, but certain scenes may be unsuitable for young children. May contain mild language and sex/drugs references. May contain moderate violence if justified by context (e.g. fantasy).'],
    ['12A', 3, 'Films under this category are considered to be unsuitable for very young people. Those aged under 12 years are only admitted if accompanied by an adult, aged at least 18 years, at all times during the motion picture. However, it is generally not recommended that children under 12 years should watch the film. Films under this category can contain mature themes, discrimination, soft drugs, moderate swear words, infrequent strong language and moderate violence, sex references and nudity. Sexual activity may be briefly and discreetly portrayed. Sexual violence may be implied or briefly indicated.'],
    ['U', 1, 'All ages admitted, there is nothing unsuitable for children.'],
    ['18', 6, 'Only adults are admitted. Nobody younger than 18 can rent or buy an 18-rated VHS, DVD, Blu-ray Disc, UMD or game, or watch a film in the cinema with this rating. Films under this category do not have limitation on the bad language that is used. Hard drugs are generally allowed, and explicit sex references along with detailed sexual activity are also allowed. Scenes of strong real sex may be permitted if justified by the context. Very strong, gory, and/or sadistic violence is usually permitted. Strong sexual violence is permitted unless it is eroticised or excessively graphic.'],
    ['12', 4, 'Home media only since 2002. 12A-rated films are usually given a 12 certificate for the VHS/DVD version unless extra material has been added that requires a higher rating. Nobody younger than 12 can rent or buy a 12-rated VHS, DVD, Blu-ray Disc, UMD or game. The content guidelines are identical to those used for the 12A certificate.'],
  ],
  // GR: OpenAPI movie
  GR: [
    ['K', 1, 'No restrictions.'],
    ['K12', 2, 'The film may contain mild violence and adult themes. Suitable for people aged 13 and above.'],
    ['K15', 3, 'The film may contain violence, drug abuse, and softcore pornographic scenes. An ID card certifying the age is required in all Greek cinemas and video rental shops in order to get a cinema ticket or rent a video of a '],
    ['K18', 4, 'Not permitted to people under the age of 18.'],
  ],
  // HK: OpenAPI movie
  HK: [
    ['I', 1, ''],
    ['IIA', 2, ''],
    ['IIB', 3, ''],
    ['III', 4, ''],
  ],
  // HU: OpenAPI movie
  HU: [
    ['6', 2, 'Not recommended below age of 6.'],
    ['16', 4, 'Not recommended below age of 16.'],
    ['KN', 1, 'Without age restriction.'],
    ['18', 5, 'Not recommended below age of 18.'],
    ['NR', 0, 'No rating information.'],
    ['12', 3, 'Not recommended below age of 12.'],
    ['X', 6, 'Restricted below 18, for adults only.'],
  ],
  // ID: OpenAPI movie
  ID: [
    ['SU', 1, 'All ages.'],
    ['13+', 2, 'Suitable for ages 13 and above.'],
    ['17+', 3, 'Suitable for ages 17 and above.'],
    ['21+', 4, 'Suitable for ages 21 and above.'],
  ],
  // IE: OpenAPI movie
  IE: [
    ['G', 1, 'Suitable for children of school going age (note: children can be enrolled in school from the age of 4).'],
    ['PG', 2, 'Suitable for children over the age of 8. Parental guidance is recommended for children under the age of 12.'],
    ['12A', 3, 'Suitable for viewers of 12 and over. Younger children may be admitted to the film at cinemas if accompanied by an adult; on home video younger viewers are not permitted to purchase/rent the video.'],
    ['15A', 4, 'Suitable for viewers of 15 and over. Younger viewers may be admitted to the film at cinemas if accompanied by an adult; on home video younger viewers are not permitted to purchase/rent the video.'],
    ['16', 5, 'Suitable for viewers of 16 and over. Younger viewers are not admitted.'],
    ['18', 6, 'Suitable only for adults. Viewers under 18 are not admitted at cinemas or permitted to purchase/rent the video.'],
    ['12', 3, 'Suitable for viewers of 12 and over. Younger children may be admitted to the film at cinemas if accompanied by an adult; on home video younger viewers are not permitted to purchase/rent the video.'],
    ['15', 4, 'Suitable for viewers of 15 and over. Younger viewers may be admitted to the film at cinemas if accompanied by an adult; on home video younger viewers are not permitted to purchase/rent the video.'],
  ],
  // IL: OpenAPI movie
  IL: [
    ['All', 1, ''],
    ['12', 2, ''],
    ['14', 3, ''],
    ['16', 4, ''],
    ['18', 5, ''],
  ],
  // IN: OpenAPI movie
  IN: [
    ['U', 1, 'Unrestricted Public Exhibition throughout India, suitable for all age groups. Films under this category should not upset children over 4. Such films may contain educational, social or family-oriented themes. Films under this category may also contain fantasy violence and/or mild bad language.'],
    ['U/A 7+', 2, 'Viewable for 7 and above years old.'],
    ['UA', 3, 'All ages admitted, but it is advised that children below 12 be accompanied by a parent as the theme or content may be considered intense or inappropriate for young children. Films under this category may contain mature themes, sexual references, mild sex scenes, violence with brief gory images and/or infrequent use of crude language.'],
    ['U/A 13+', 4, 'Viewable for 13 and above years old.'],
    ['U/A 16+', 5, 'Viewable for 16 and above years old.'],
    ['A', 6, 'Restricted to adult audiences (18 years or over). Nobody below the age of 18 may buy/rent an A-rated DVD, VHS, UMD or watch a film in the cinema with this rating. Films under this category may contain adult/disturbing themes, frequent crude language, brutal violence with blood and gore, strong sex scenes and/or scenes of drug abuse which is considered unsuitable for minors.'],
    ['S', 7, 'Restricted to any special class of persons.'],
  ],
  // IT: OpenAPI movie
  IT: [
    ['NR', 0, 'No rating information.'],
    ['T', 1, 'All ages admitted.'],
    ['6+', 2, 'Not suitable for children under 6.'],
    ['14+', 3, 'Released to ages 14 and older; children who are at least 12 may be admitted with adult accompaniment.'],
    ['18+', 4, 'Released to ages 18 and older; children who are at least 16 may be admitted with adult accompaniment.'],
  ],
  // JP: OpenAPI movie
  JP: [
    ['G', 1, 'General, suitable for all ages.'],
    ['PG12', 2, 'Parental guidance requested for young people under 12 years.'],
    ['R15+', 3, 'No one under 15 admitted.'],
    ['R18+', 4, 'No one under 18 admitted.'],
  ],
  // KR: OpenAPI movie
  KR: [
    ['All', 0, 'Film suitable for all ages.'],
    ['12', 1, 'Film intended for audiences 12 and over. Underage audiences accompanied by a parent or guardian are allowed.'],
    ['15', 2, 'Film intended for audiences 15 and over. Underage audiences accompanied by a parent or guardian are allowed.'],
    ['18', 3, 'No one under 18 is allowed to watch this film.'],
    ['Restricted Screening', 4, 'Film needs a certain restriction in screening or advertisement as it is considered a highly bad influence to universal human dignity, social value, good customs or national emotion due to excessive expression of nudity, violence, social behavior, etc. (technically not an age restriction but films with this rating may only be screened at "adults only" theatres, with the age of majority set at 19).'],
  ],
  // LT: OpenAPI movie
  LT: [
    ['NR', 0, 'No rating information.'],
    ['V', 1, 'Movies for the audience of all ages.'],
    ['N-7', 2, 'Movies for viewers from 7 years old. Younger than 7 years of age, viewers of this index have been featured only together with accompanying adult persons.'],
    ['N-13', 3, 'Movies for viewers from 13 years of age. The viewers from 7 to 13 years of age are allowed to enter this index only together with accompanying adult persons.'],
    ['N-16', 4, 'Movies for viewers from 16 years of age.'],
    ['N-18', 5, 'Movies for viewers from 18 years of age.'],
  ],
  // LU: OpenAPI movie
  LU: [
    ['EA', 1, ''],
    ['6', 2, ''],
    ['12', 3, ''],
    ['16', 4, ''],
    ['18', 5, ''],
  ],
  // LV: OpenAPI movie
  LV: [
    ['U', 1, ''],
    ['7+', 2, ''],
    ['12+', 3, ''],
    ['16+', 4, ''],
    ['18+', 5, ''],
  ],
  // MO: OpenAPI movie
  MO: [
    ['A', 1, ''],
    ['B', 2, ''],
    ['C', 3, ''],
    ['D', 4, ''],
  ],
  // MX: OpenAPI movie
  MX: [
    ['AA', 1, 'Informative-only rating: Understandable for children under 7 years.'],
    ['A', 2, 'Information-only rating: For all age groups.'],
    ['B', 3, 'Information-only rating: For adolescents 12 years and older.'],
    ['B-15', 4, 'Information-only rating: Not recommended for children under 15.'],
    ['C', 5, 'Restrictive rating: For adults 18 and older.'],
    ['D', 6, 'Restrictive rating: Adult movies (legally prohibited to those under 18 years of age).'],
  ],
  // MY: OpenAPI movie
  MY: [
    ['NR', 0, 'No rating information.'],
    ['U', 1, '(Umum: "General Audiences") - For general audiences. (Used by the majority of films screened in Malaysia until 2008 but it continues only for television, notably for RTM.)'],
    ['P13', 2, '(Penjaga 13 : "Parental Guidance 13") - Children under 13 not admitted unless accompanied by an adult. (Introduced in 2006, this became the official Malaysian motion picture rating system in 2008. The "PG-13" rating was revised to "P13" from April 2012 onwards to emphasize the use of Malay language instead of English.) Passionate kissing scenes are not allowed under a P13 rating.'],
    ['18SG', 3, '(Seram, Ganas: "Graphic Violence and Horror/Terror") - Film may contain strong violence, gore or horror/terror people may find objectionable.'],
    ['18SX', 4, '(Seks: "Sexual Content") - Film may contain sex scenes, nudity or sexual dialogue/references people may find objectionable (despite scenes of sex and nudity being strictly censored off by the LPF.)'],
    ['18PA', 5, '(Politik, Agama: "Strong Religious or Political Elements") - Film may contain elements which include religious, social or political aspects people may find objectionable. Rarely used.'],
    ['18PL', 6, '(Pelbagai: "Various") - Film may contain strong violence, gore, horror/terror, sex scenes, nudity, sexual dialogues/references, religious, social or political aspects people may find objectionable. The majority of the 18+ movies use this rating. For example, a film with sex scenes and strong violence will be classified as 18PL, despite scenes of sex and nudity being strictly censored off by the LPF.'],
  ],
  // NL: OpenAPI movie
  NL: [
    ['AL', 1, 'All ages.'],
    ['6', 2, 'Potentially harmful to children under 6 years.'],
    ['9', 3, 'Potentially harmful to children under 9 years.'],
    ['12', 4, 'Potentially harmful to children under 12 years; broadcasting is not allowed before 8:00 pm.'],
    ['16', 6, 'Potentially harmful to children under 16 years; broadcasting is not allowed before 10:00 pm.'],
    ['14', 5, 'Potentially harmful to children under 14 years; broadcasting is not allowed before 8:00 pm.'],
    ['18', 7, 'Potentially harmful to (and not allowed for) children under 18 years; broadcasting is not allowed before midnight.'],
  ],
  // NO: OpenAPI movie
  NO: [
    ['6', 2, '6 years (no restriction for children accompanied by an adult).'],
    ['9', 3, '9 years (children down to 6 years accompanied by an adult).'],
    ['NR', 0, 'No rating information.'],
    ['18', 6, ' 18 years (absolute lower limit).'],
    ['15', 5, '15 years (young down to 12 years accompanied by an adult).'],
    ['12', 4, '12 years (children down to 9 years accompanied by an adult).'],
    ['A', 1, 'Suitable for all.'],
  ],
  // NZ: OpenAPI movie
  NZ: [
    ['G', 1, 'Suitable for general audiences.'],
    ['PG', 2, 'Parental guidance recommended for younger viewers.'],
    ['M', 3, 'Suitable for (but not restricted to) mature audiences 16 years and up.'],
    ['R13', 4, 'Restricted to persons 13 years of age and over.'],
    ['R15', 6, 'Restricted to persons 15 years of age and over.'],
    ['R16', 7, 'Restricted to persons 16 years of age and over.'],
    ['R18', 9, 'Restricted to persons 18 years of age and over.'],
    ['R', 11, 'Restricted to a particular class of persons, or for particular purposes, or both.'],
    ['RP13', 5, ''],
    ['RP16', 8, ''],
    ['RP18', 10, ''],
  ],
  // PH: OpenAPI movie
  PH: [
    ['NR', 0, 'No rating information.'],
    ['PG', 2, 'Viewers below 13 years old must be accompanied by a parent or supervising adult.'],
    ['X', 6, '“X-rated” films are not suitable for public exhibition.'],
    ['R-18', 5, 'Only viewers who are 18 years old and above can be admitted.'],
    ['R-16', 4, 'Only viewers who are 16 years old and above can be admitted.'],
    ['G', 1, 'Viewers of all ages are admitted.'],
    ['R-13', 3, 'Only viewers who are 13 years old and above can be admitted.'],
  ],
  // PR: OpenAPI movie
  PR: [
    ['G', 1, ''],
    ['PG', 2, ''],
    ['PG-13', 3, ''],
    ['R', 4, ''],
    ['NC-17', 5, ''],
    ['NR', 0, ''],
  ],
  // PT: OpenAPI movie
  PT: [
    ['Públicos', 1, 'For all the public (especially designed for children under 3 years of age).'],
    ['M/3', 2, 'Passed for viewers aged 3 and older.'],
    ['M/6', 3, 'Passed for viewers aged 6 and older.'],
    ['M/12', 4, 'Passed for viewers aged 12 and older.'],
    ['M/14', 5, 'Passed for viewers aged 14 and older.'],
    ['M/16', 6, 'Passed for viewers aged 16 and older.'],
    ['M/18', 7, 'Passed for viewers aged 18 and older.'],
    ['P', 8, 'Special rating supplementary to the M/18 age rating denoting pornography.'],
  ],
  // RU: OpenAPI movie
  RU: [
    ['6+', 2, '(For children above 6) – Unsuitable for children under 6.'],
    ['0+', 1, 'All ages are admitted.'],
    ['16+', 4, '(For children above 16) – Unsuitable for children under 16.'],
    ['18+', 5, '(Prohibited for children) – Prohibited for children under 18.'],
    ['12+', 3, '(For children above 12) – Unsuitable for children under 12.'],
    ['NR', 0, 'No rating information.'],
  ],
  // SE: OpenAPI movie
  SE: [
    ['11', 3, 'Children over the age of 7, who are accompanied by an adult, are admitted to films that have been passed for children from the age of 11.'],
    ['NR', 0, 'No rating information.'],
    ['15', 4, 'Children over the age of 7, who are accompanied by an adult, are admitted to films that have been passed for children from the age of 11. Updated on March 1, 2017.'],
    ['Btl', 1, 'All ages.'],
    ['7', 2, 'Children under the age of 7, who are accompanied by an adult (a person aged 18 or over), are admitted to films that have been passed for children from the age of 7.'],
  ],
  // SG: OpenAPI movie
  SG: [
    ['G', 1, 'Suitable for all ages.'],
    ['PG', 2, 'Suitable for all but parents should guide their young.'],
    ['PG13', 3, 'Suitable for persons aged 13 and above but parental guidance is advised for children below 13.'],
    ['NC16', 4, 'Suitable for persons aged 16 and above.'],
    ['M18', 5, 'Suitable for persons aged 18 and above.'],
    ['R21', 6, 'Suitable for adults aged 21 and above (restricted to licensed cinemas).'],
  ],
  // SK: OpenAPI movie
  SK: [
    ['U', 1, 'General audience.'],
    ['7', 2, 'Not recommended for children younger than 7 years.'],
    ['12', 3, 'Not recommended for people younger than 12 years.'],
    ['15', 4, 'Not recommended for people younger than 15 years.'],
    ['18', 5, 'Prohibited for minors under 18 years of age.'],
  ],
  // TH: OpenAPI movie
  TH: [
    ['P', 1, 'Educational.'],
    ['G', 2, 'General audience'],
    ['13', 3, 'Suitable for viewers aged 13 years and over.'],
    ['15', 4, 'Suitable for viewers aged 15 years and over'],
    ['18', 5, 'Suitable for viewers aged 18 years and over.'],
    ['20', 6, 'Content is unsuitable for viewers aged under 20'],
    ['Banned', 7, 'Films that are not allowed to screen publicly in Thailand'],
  ],
  // TR: OpenAPI movie
  TR: [
    ['Genel İzleyici Kitlesi', 1, 'General audience.'],
    ['6A', 2, 'Viewers under the age of 6 may watch with accompanying family members.'],
    ['6+', 3, 'Suitable for viewers aged 6 and over.'],
    ['10A', 4, 'Viewers under the age of 10 may watch with accompanying family members.'],
    ['10+', 5, 'Suitable for viewers aged 10 and over.'],
    ['13A', 6, 'Viewers under the age of 13 may watch with accompanying family members.'],
    ['13+', 7, 'Suitable for viewers aged 13 and over.'],
    ['16+', 8, 'Suitable for viewers aged 16 and over.'],
    ['18+', 9, 'Suitable for viewers aged 18 and over.'],
  ],
  // TW: OpenAPI movie
  TW: [
    ['0+', 1, 'Viewing is permitted for audiences of all ages.'],
    ['6+', 2, 'Viewing is not permitted for children under 6; children between 6 and 11 shall be accompanied and given guidance by parents, teachers, seniors, or adult relatives or friends.'],
    ['12+', 3, 'Viewing is not permitted for children under 12.'],
    ['15+', 4, 'Viewing is not permitted for those under 15.'],
    ['18+', 5, 'Viewing is not permitted for those under 18.'],
  ],
  // US: OpenAPI movie
  US: [
    ['R', 4, 'Under 17 requires accompanying parent or adult guardian 21 or older. The parent/guardian is required to stay with the child under 17 through the entire movie, even if the parent gives the child/teenager permission to see the film alone. These films may contain strong profanity, graphic sexuality, nudity, strong violence, horror, gore, and strong drug use. A movie rated R for profanity often has more severe or frequent language than the PG-13 rating would permit. An R-rated movie may have more blood, gore, drug use, nudity, or graphic sexuality than a PG-13 movie would admit.'],
    ['PG', 2, 'Some material may not be suitable for children under 10. These films may contain some mild language, crude/suggestive humor, scary moments and/or violence. No drug content is present. There are a few exceptions to this rule. A few racial insults may also be heard.'],
    ['NC-17', 5, 'These films contain excessive graphic violence, intense or explicit sex, depraved, abhorrent behavior, explicit drug abuse, strong language, explicit nudity, or any other elements which, at present, most parents would consider too strong and therefore off-limits for viewing by their children and teens. NC-17 does not necessarily mean obscene or pornographic in the oft-accepted or legal meaning of those words.'],
    ['G', 1, 'All ages admitted. There is no content that would be objectionable to most parents. This is one of only two ratings dating back to 1968 that still exists today.'],
    ['NR', 0, 'No rating information.'],
    ['PG-13', 3, 'Some material may be inappropriate for children under 13. Films given this rating may contain sexual content, brief or partial nudity, some strong language and innuendo, humor, mature themes, political themes, terror and/or intense action violence. However, bloodshed is rarely present. This is the minimum rating at which drug content is present.'],
  ],
  // VI: OpenAPI movie
  VI: [
    ['G', 1, 'All ages admitted.'],
    ['PG', 2, 'Some material may not be suitable for children.'],
    ['PG-13', 3, 'Some material may be inappropriate for children under 13.'],
    ['R', 4, 'Under 17 requires accompanying parent or adult guardian.'],
    ['NC-17', 5, 'No one 17 and under admitted.'],
    ['NR', 0, ''],
  ],
  // ZA: OpenAPI movie
  ZA: [
    ['A', 1, 'Suitable for all.'],
    ['PG', 2, 'Parental Guidance.'],
    ['7-9PG', 3, 'Not suitable for children under the age of 7. Children aged 7–9 years old may not be admitted unless accompanied by an adult.'],
    ['10-12PG', 4, 'Not suitable for children under the age of 10. Children aged 10–12 years old may not be admitted unless accompanied by an adult.'],
    ['13', 5, 'Not suitable for children under the age of 13.'],
    ['16', 6, 'Not suitable for persons under the age of 16.'],
    ['18', 7, 'Not suitable for persons under the age of 18.'],
    ['X18', 8, 'No one under 18 admitted; restricted to licensed adult premises.'],
    ['XX', 9, 'Must not be distributed or exhibited in public.'],
  ],
};

function expand(table: Readonly<Record<string, readonly Row[]>>): Record<string, Certification[]> {
  const out: Record<string, Certification[]> = {};
  for (const [country, rows] of Object.entries(table)) {
    out[country] = rows.map(([certification, order, meaning]) => ({ certification, meaning, order }));
  }
  return out;
}

/** The bodies of the two certification operations. */
export const tvCertificationsBody = { certifications: expand(TV_CERTIFICATIONS) };
export const movieCertificationsBody = { certifications: expand(MOVIE_CERTIFICATIONS) };

/** A country's labels mildest first (by the service's order; ties as the service lists them). */
export function ladder(table: Readonly<Record<string, readonly Row[]>>, country: string): readonly Row[] | undefined {
  const rows = table[country];
  return rows && [...rows].sort((a, b) => a[1] - b[1]);
}
