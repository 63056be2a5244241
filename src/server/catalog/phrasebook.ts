/**
 * The generated catalog's sentences in a few languages, so a language setting shows offline.
 * Each list translates the English list of words.ts of the same name, entry by entry (same
 * order, same length: catalog.test.ts checks it). An overview's parts become sentences of their
 * own, which keeps every language's grammar free of the protagonist's gender.
 */

export interface Phrasebook {
  readonly protagonists: readonly string[];
  readonly actions: readonly string[];
  readonly twists: readonly string[];
  readonly closers: readonly string[];
  readonly taglines: readonly string[];
  /** The first sentence of an overview: a protagonist and an action. */
  readonly opening: (protagonist: string, action: string) => string;
  /** How the sentences of an overview are joined, and how a twist ends. */
  readonly sentenceGap: string;
  readonly fullStop: string;
  readonly season: (number: number) => string;
  readonly specials: string;
  /** An episode with no title of its own in this language. */
  readonly episode: (number: number) => string;
  /** A collection named after its first film. */
  readonly collection: (title: string) => string;
}

const de: Phrasebook = {
  protagonists: [
    'Ein pensionierter Kartograf', 'Eine entfremdete Schwester', 'Eine junge Geigerin', 'Ein in Ungnade gefallener Detektiv',
    'Eine überarbeitete Nachtschwester', 'Ein widerwilliger Erbe', 'Eine Mechanikerin aus der Kleinstadt', 'Ein verwitweter Imker',
    'Ein jugendlicher Funker', 'Ein alternder Boxer', 'Ein Schiffskoch', 'Eine begabte Fälscherin',
    'Ein Leuchtturmwärter', 'Eine Jugendfreundin', 'Ein sturer Archivar', 'Ein fahrender Zauberer',
    'Ein verbanntes Schachwunderkind', 'Eine junge Parkrangerin', 'Ein ehemaliger Fluchtwagenfahrer', 'Eine einsame Astronomin',
    'Ein rivalisierender Bäcker', 'Eine leise Übersetzerin', 'Ein erfolgloser Stand-up-Komiker', 'Eine Gerichtsstenografin',
  ],
  actions: [
    'kehrt in eine überflutete Bergstadt zurück', 'erbt ein verfallendes Hotel am Meer',
    'nimmt eine Nachtschicht in einem leeren Museum an', 'willigt ein, Fremde über die Grenze zu führen',
    'entdeckt eine Karte in einem Buch aus der Bibliothek', 'soll eine verschwundene Chorsängerin finden',
    'wacht ohne Erinnerung an die vergangene Woche auf', 'nimmt aus Trotz an einem Kochwettbewerb teil',
    'meldet sich für eine Mission, die sonst niemand will', 'bekommt Briefe aus der Zukunft',
    'eröffnet eine Werkstatt in einer sterbenden Einkaufsstraße', 'folgt einem streunenden Hund in den Wald',
    'nimmt die Schuld für ein Verbrechen auf sich, das nie geschah', 'baut ein Floß, um einen zugefrorenen See zu überqueren',
    'nimmt einen falsch verbundenen Anruf an, der alles verändert', 'zieht in eine Wohnung über einem geschlossenen Kino',
    'schließt sich einem Wanderzirkus an, um einer Schuld zu entkommen', 'versucht, den Hof der Familie zurückzugewinnen',
    'untersucht einen Stromausfall, der nur eine einzige Straße trifft', 'muss vor Mitternacht ein Paket zustellen',
  ],
  twists: [
    'Ein altes Versprechen wird fällig', 'Doch die Vergangenheit lässt sich nicht begraben',
    'Jeder Nachbar verbirgt etwas', 'Ein Sturm schneidet die Stadt von der Welt ab',
    'Ein Rivale, der nichts zu verlieren hat, rückt näher', 'Die Wahrheit ist seltsamer als jedes Gerücht',
    'Der einzige Ausweg führt mitten hindurch', 'Ein Geheimnis aus der Kindheit taucht wieder auf',
    'Niemand ist ganz der, der er zu sein vorgibt', 'Ein brüchiger Waffenstillstand läuft ab',
    'Ein erklärter Feind wird zum unerwarteten Verbündeten', 'Ein einziges Foto verändert alles',
    'Eine Lüge nach der anderen stellt jede Treue auf die Probe', 'Am Ende bleibt die Frage, was man zu verlieren bereit ist',
  ],
  closers: [
    'Nichts an der Reise verläuft nach Plan.', 'Manche Türen schließen sich nie wieder, wenn sie einmal offen sind.',
    'Freundschaft wird zur härtesten Prüfung von allen.', 'Die Antworten liegen näher, als alle glauben.',
    'Was als Gefallen beginnt, wird zur Abrechnung.', 'Jede Entscheidung hat ihren Preis.',
    'Hoffnung kommt aus der unwahrscheinlichsten Richtung.', 'Die Stadt wird nie mehr dieselbe sein.',
    'Eine Geschichte über zweite Chancen.', 'Lachen erweist sich als die beste Waffe.',
  ],
  taglines: [
    'Manche Geheimnisse schlafen nie.', 'Jeder Weg führt irgendwohin.', 'Die Wahrheit hat ein langes Gedächtnis.',
    'Eine Nacht. Kein Zurück.', 'Zu Hause wartet der Ärger.', 'Halt fest, was zählt.',
    'Nicht jeder Held will den Job.', 'Die Vergangenheit ist nie vorbei.', 'Mut ist ansteckend.',
    'Trau niemandem. Nicht einmal dir selbst.', 'Hör genau hin.', 'Wo es endet, beginnt es.',
  ],
  opening: (protagonist, action) => `${protagonist} ${action}.`,
  sentenceGap: ' ',
  fullStop: '.',
  season: (number) => `Staffel ${number}`,
  specials: 'Specials',
  episode: (number) => `Folge ${number}`,
  collection: (title) => `${title} – Filmreihe`,
};

const fr: Phrasebook = {
  protagonists: [
    'Un cartographe à la retraite', 'Une sœur perdue de vue', 'Une jeune violoniste', 'Un détective déchu',
    'Une infirmière de nuit épuisée', 'Un héritier malgré lui', 'Une mécanicienne de province', 'Un apiculteur veuf',
    'Un adolescent radioamateur', 'Un boxeur vieillissant', 'Un cuisinier de bord', 'Une faussaire de talent',
    'Un gardien de phare', 'Une amie d’enfance', 'Un archiviste obstiné', 'Un magicien itinérant',
    'Un prodige des échecs en exil', 'Une jeune garde forestière', 'Un ancien chauffeur de braqueurs', 'Une astronome solitaire',
    'Un boulanger rival', 'Une traductrice discrète', 'Un humoriste qui peine à percer', 'Une sténographe judiciaire',
  ],
  actions: [
    'retourne dans une ville de montagne inondée', 'hérite d’un hôtel délabré au bord de la mer',
    'accepte un travail de nuit dans un musée vide', 'accepte de guider des inconnus de l’autre côté de la frontière',
    'découvre une carte cachée dans un livre de bibliothèque', 'doit retrouver une choriste disparue',
    'se réveille sans aucun souvenir de la semaine passée', 's’inscrit à un concours de cuisine par dépit',
    'se porte volontaire pour une mission dont personne ne veut', 'reçoit des lettres venues du futur',
    'ouvre un atelier de réparation dans une rue commerçante à l’agonie', 'suit un chien errant dans les bois',
    'endosse un crime qui n’a jamais eu lieu', 'construit un radeau pour traverser un lac gelé',
    'répond à un faux numéro qui change tout', 'emménage au-dessus d’un cinéma fermé',
    'rejoint un cirque ambulant pour fuir une dette', 'tente de reprendre la ferme familiale',
    'enquête sur une panne de courant qui ne touche qu’une seule rue', 'doit livrer un colis avant minuit',
  ],
  twists: [
    'Une vieille promesse arrive à échéance', 'Mais le passé refuse de rester enterré',
    'Chaque voisin cache quelque chose', 'Une tempête coupe la ville du monde',
    'Un rival qui n’a rien à perdre se rapproche', 'La vérité est plus étrange que toutes les rumeurs',
    'La seule issue est d’aller jusqu’au bout', 'Un secret d’enfance refait surface',
    'Personne n’est tout à fait celui qu’il prétend être', 'Une trêve fragile touche à sa fin',
    'Un ennemi juré devient un allié inattendu', 'Une seule photographie change tout',
    'Les loyautés sont mises à l’épreuve, un mensonge après l’autre', 'Reste à savoir ce que l’on est prêt à perdre',
  ],
  closers: [
    'Rien ne se passe comme prévu.', 'Certaines portes, une fois ouvertes, ne se referment jamais.',
    'L’amitié s’avère la plus dure des épreuves.', 'Les réponses sont plus proches qu’on ne le croit.',
    'Ce qui commence comme un service devient un règlement de comptes.', 'Chaque choix a un prix.',
    'L’espoir vient d’où on l’attend le moins.', 'La ville ne sera plus jamais la même.',
    'Une histoire de secondes chances.', 'Le rire s’avère la meilleure des armes.',
  ],
  taglines: [
    'Certains secrets ne dorment jamais.', 'Toutes les routes mènent quelque part.', 'La vérité a la mémoire longue.',
    'Une nuit. Aucun retour.', 'Les ennuis commencent à la maison.', 'Gardez ce qui compte.',
    'Tous les héros ne veulent pas le rôle.', 'Le passé n’est jamais fini.', 'Le courage est contagieux.',
    'Ne faites confiance à personne. Pas même à vous.', 'Écoutez bien.', 'Là où tout finit, tout commence.',
  ],
  opening: (protagonist, action) => `${protagonist} ${action}.`,
  sentenceGap: ' ',
  fullStop: '.',
  season: (number) => `Saison ${number}`,
  specials: 'Épisodes spéciaux',
  episode: (number) => `Épisode ${number}`,
  collection: (title) => `${title} - Saga`,
};

const es: Phrasebook = {
  protagonists: [
    'Un cartógrafo jubilado', 'Una hermana distanciada', 'Una joven violinista', 'Un detective caído en desgracia',
    'Una enfermera de noche agotada', 'Un heredero a su pesar', 'Una mecánica de pueblo', 'Un apicultor viudo',
    'Un radioaficionado adolescente', 'Un boxeador veterano', 'Un cocinero de barco', 'Una falsificadora talentosa',
    'Un farero', 'Una amiga de la infancia', 'Un archivero testarudo', 'Un mago ambulante',
    'Un prodigio del ajedrez exiliado', 'Una guardabosques novata', 'Un antiguo conductor de fugas', 'Una astrónoma solitaria',
    'Un panadero rival', 'Una traductora discreta', 'Un cómico que no logra despegar', 'Una taquígrafa judicial',
  ],
  actions: [
    'vuelve a un pueblo de montaña inundado', 'hereda un hotel ruinoso junto al mar',
    'acepta un trabajo nocturno en un museo vacío', 'acepta guiar a unos desconocidos al otro lado de la frontera',
    'descubre un mapa escondido en un libro de la biblioteca', 'debe encontrar a una corista desaparecida',
    'despierta sin ningún recuerdo de la semana anterior', 'se apunta a un concurso de cocina por despecho',
    'se ofrece para una misión que nadie más quiere', 'empieza a recibir cartas del futuro',
    'abre un taller de reparaciones en una calle comercial moribunda', 'sigue a un perro callejero hasta el bosque',
    'carga con la culpa de un crimen que nunca ocurrió', 'construye una balsa para cruzar un lago helado',
    'contesta una llamada equivocada que lo cambia todo', 'se muda a un piso encima de un cine cerrado',
    'se une a un circo ambulante para escapar de una deuda', 'intenta recuperar la granja familiar',
    'investiga un apagón que solo afecta a una calle', 'debe entregar un paquete antes de medianoche',
  ],
  twists: [
    'Una vieja promesa llega a su vencimiento', 'Pero el pasado se niega a quedar enterrado',
    'Cada vecino esconde algo', 'Una tormenta aísla el pueblo del mundo',
    'Un rival que no tiene nada que perder se acerca', 'La verdad es más extraña que cualquier rumor',
    'La única salida es seguir adelante', 'Un secreto de la infancia sale a la luz',
    'Nadie es del todo quien dice ser', 'Una frágil tregua llega a su fin',
    'Un enemigo jurado se convierte en un aliado inesperado', 'Una sola fotografía lo cambia todo',
    'Las lealtades se ponen a prueba, mentira a mentira', 'Queda decidir qué se está dispuesto a perder',
  ],
  closers: [
    'Nada en el viaje sale según lo previsto.', 'Algunas puertas, una vez abiertas, nunca se cierran.',
    'La amistad resulta ser la prueba más dura.', 'Las respuestas están más cerca de lo que nadie espera.',
    'Lo que empieza como un favor se convierte en un ajuste de cuentas.', 'Cada decisión tiene un precio.',
    'La esperanza llega desde donde menos se espera.', 'El pueblo nunca volverá a ser el mismo.',
    'Es una historia sobre segundas oportunidades.', 'La risa resulta ser la mejor arma.',
  ],
  taglines: [
    'Algunos secretos nunca duermen.', 'Todo camino lleva a alguna parte.', 'La verdad tiene buena memoria.',
    'Una noche. Sin vuelta atrás.', 'Los problemas empiezan en casa.', 'Aférrate a lo que importa.',
    'No todos los héroes quieren el puesto.', 'El pasado nunca termina.', 'El valor es contagioso.',
    'No confíes en nadie. Ni siquiera en ti.', 'Escucha con atención.', 'Donde termina, empieza.',
  ],
  opening: (protagonist, action) => `${protagonist} ${action}.`,
  sentenceGap: ' ',
  fullStop: '.',
  season: (number) => `Temporada ${number}`,
  specials: 'Especiales',
  episode: (number) => `Episodio ${number}`,
  collection: (title) => `${title} - Colección`,
};

const ja: Phrasebook = {
  protagonists: [
    '引退した地図製作者', '疎遠になった姉', '若いバイオリニスト', '失脚した刑事',
    '働きづめの夜勤看護師', '気の進まない相続人', '田舎町の整備士', '妻を亡くした養蜂家',
    '十代の無線通信士', '老いたボクサー', '船のコック', '腕利きの偽造職人',
    '灯台守', '幼なじみ', '頑固な記録保管人', '旅回りの奇術師',
    '追放されたチェスの天才', '新米の公園レンジャー', '元逃走車ドライバー', '孤独な天文学者',
    'ライバルのパン職人', '物静かな翻訳家', '売れないスタンダップ芸人', '法廷速記者',
  ],
  actions: [
    '洪水に見舞われた山あいの町に戻る', '崩れかけた海辺のホテルを相続する',
    '誰もいない博物館で夜の仕事を始める', '見知らぬ人々を国境の向こうへ案内することになる',
    '図書館の本に隠された地図を見つける', '行方不明の合唱団員を探すことになる',
    '前の週の記憶を失ったまま目を覚ます', '意地で料理コンテストに出場する',
    '誰もやりたがらない任務に名乗りを上げる', '未来から届く手紙を受け取り始める',
    'さびれた商店街に修理店を開く', '野良犬を追って森に入る',
    '起きてもいない犯罪の罪をかぶる', '凍った湖を渡るためにいかだを作る',
    'すべてを変える間違い電話に出る', '閉館した映画館の上のアパートに引っ越す',
    '借金から逃れるため旅のサーカスに加わる', '家族の農場を取り戻そうとする',
    '一本の通りだけが停電する謎を調べる', '真夜中までに小包を届けなければならない',
  ],
  twists: [
    '古い約束の期限が訪れる', 'だが過去は葬られたままではいない',
    '隣人は皆、何かを隠している', '嵐が町を外の世界から切り離す',
    '失うもののないライバルが迫る', '真実はどんな噂よりも奇妙だ',
    '抜け出す道は、進むことだけ', '子どもの頃の秘密がよみがえる',
    '誰もが見かけどおりの人物ではない', 'もろい休戦の期限が迫る',
    '宿敵が思いがけない味方になる', '一枚の写真がすべてを変える',
    '嘘がひとつずつ忠誠を試していく', '何を失う覚悟があるのか、決断が迫られる',
  ],
  closers: [
    '旅は何ひとつ計画どおりに進まない。', '一度開いた扉は、二度と閉じない。',
    '友情こそが最も厳しい試練となる。', '答えは誰もが思うより身近にある。',
    'ささやかな頼みごとが、清算の時へと変わる。', 'どの選択にも代償がある。',
    '希望は思いもよらない方向からやってくる。', '町は二度と元には戻らない。',
    'これは二度目のチャンスの物語。', '笑いこそが最高の武器となる。',
  ],
  taglines: [
    '眠らない秘密がある。', 'どの道もどこかへ続いている。', '真実は長く覚えている。',
    '一夜。もう戻れない。', '厄介事は家にある。', '大切なものを手放すな。',
    'ヒーローになりたい者ばかりではない。', '過去は終わらない。', '勇気は伝染する。',
    '誰も信じるな。自分さえも。', '耳を澄ませ。', '終わる場所から、始まる。',
  ],
  opening: (protagonist, action) => `${protagonist}が${action}。`,
  sentenceGap: '',
  fullStop: '。',
  season: (number) => `シーズン${number}`,
  specials: '特別編',
  episode: (number) => `第${number}話`,
  collection: (title) => `${title} シリーズ`,
};

/** The languages the embedded catalog has text in besides English, by ISO 639-1 code. */
export const PHRASEBOOKS: Readonly<Record<string, Phrasebook>> = { de, fr, es, ja };
