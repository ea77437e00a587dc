/** ISO 639-1/639-2 languages, ISO 3166-1 alpha-2 countries and ISO 15924 scripts, for the extension rules and completion.
 * Generated from Debian's iso-codes 4.15.0-1 (/usr/share/iso-codes/json); kept as strings, split on first use. */

/** `code name|code name|…` */
const LANGUAGES = ''
  + 'aa Afar|ab Abkhazian|ae Avestan|af Afrikaans|ak Akan|am Amharic|an Aragonese|ar Arabic|as Assamese|av Avaric|'
  + 'ay Aymara|az Azerbaijani|ba Bashkir|be Belarusian|bg Bulgarian|bh Bihari languages|bi Bislama|bm Bambara|'
  + 'bn Bengali|bo Tibetan|br Breton|bs Bosnian|ca Catalan|ce Chechen|ch Chamorro|co Corsican|cr Cree|cs Czech|'
  + 'cu Church Slavic|cv Chuvash|cy Welsh|da Danish|de German|dv Divehi|dz Dzongkha|ee Ewe|el Greek, Modern|'
  + 'en English|eo Esperanto|es Spanish|et Estonian|eu Basque|fa Persian|ff Fulah|fi Finnish|fj Fijian|fo Faroese|'
  + 'fr French|fy Western Frisian|ga Irish|gd Gaelic|gl Galician|gn Guarani|gu Gujarati|gv Manx|ha Hausa|he Hebrew|'
  + 'hi Hindi|ho Hiri Motu|hr Croatian|ht Haitian|hu Hungarian|hy Armenian|hz Herero|ia Interlingua|id Indonesian|'
  + 'ie Interlingue|ig Igbo|ii Sichuan Yi|ik Inupiaq|io Ido|is Icelandic|it Italian|iu Inuktitut|ja Japanese|'
  + 'jv Javanese|ka Georgian|kg Kongo|ki Kikuyu|kj Kuanyama|kk Kazakh|kl Kalaallisut|km Central Khmer|kn Kannada|'
  + 'ko Korean|kr Kanuri|ks Kashmiri|ku Kurdish|kv Komi|kw Cornish|ky Kirghiz|la Latin|lb Luxembourgish|lg Ganda|'
  + 'li Limburgan|ln Lingala|lo Lao|lt Lithuanian|lu Luba-Katanga|lv Latvian|mg Malagasy|mh Marshallese|mi Maori|'
  + 'mk Macedonian|ml Malayalam|mn Mongolian|mr Marathi|ms Malay|mt Maltese|my Burmese|na Nauru|'
  + 'nb Bokmål, Norwegian|nd Ndebele, North|ne Nepali|ng Ndonga|nl Dutch|nn Norwegian Nynorsk|no Norwegian|'
  + 'nr Ndebele, South|nv Navajo|ny Chichewa|oc Occitan|oj Ojibwa|om Oromo|or Oriya|os Ossetian|pa Panjabi|pi Pali|'
  + 'pl Polish|ps Pushto|pt Portuguese|qu Quechua|rm Romansh|rn Rundi|ro Romanian|ru Russian|rw Kinyarwanda|'
  + 'sa Sanskrit|sc Sardinian|sd Sindhi|se Northern Sami|sg Sango|si Sinhala|sk Slovak|sl Slovenian|sm Samoan|'
  + 'sn Shona|so Somali|sq Albanian|sr Serbian|ss Swati|st Sotho, Southern|su Sundanese|sv Swedish|sw Swahili|'
  + 'ta Tamil|te Telugu|tg Tajik|th Thai|ti Tigrinya|tk Turkmen|tl Tagalog|tn Tswana|to Tonga|tr Turkish|ts Tsonga|'
  + 'tt Tatar|tw Twi|ty Tahitian|ug Uighur|uk Ukrainian|ur Urdu|uz Uzbek|ve Venda|vi Vietnamese|vo Volapük|'
  + 'wa Walloon|wo Wolof|xh Xhosa|yi Yiddish|yo Yoruba|za Zhuang|zh Chinese|zu Zulu|';

const THREE_LETTER_LANGUAGES = ''
  + 'aar abk ace ach ada ady afa afh afr ain aka akk alb ale alg alt amh ang anp apa ara arc arg arm arn arp art '
  + 'arw asm ast ath aus ava ave awa aym aze bad bai bak bal bam ban baq bas bat bej bel bem ben ber bho bih bik '
  + 'bin bis bla bnt bod bos bra bre btk bua bug bul bur byn cad cai car cat cau ceb cel ces cha chb che chg chi '
  + 'chk chm chn cho chp chr chu chv chy cmc cnr cop cor cos cpe cpf cpp cre crh crp csb cus cym cze dak dan dar '
  + 'day del den deu dgr din div doi dra dsb dua dum dut dyu dzo efi egy eka ell elx eng enm epo est eus ewe ewo '
  + 'fan fao fas fat fij fil fin fiu fon fra fre frm fro frr frs fry ful fur gaa gay gba gem geo ger gez gil gla '
  + 'gle glg glv gmh goh gon gor got grb grc gre grn gsw guj gwi hai hat hau haw heb her hil him hin hit hmn hmo '
  + 'hrv hsb hun hup hye iba ibo ice ido iii ijo iku ile ilo ina inc ind ine inh ipk ira iro isl ita jav jbo jpn '
  + 'jpr jrb kaa kab kac kal kam kan kar kas kat kau kaw kaz kbd kha khi khm kho kik kin kir kmb kok kom kon kor '
  + 'kos kpe krc krl kro kru kua kum kur kut lad lah lam lao lat lav lez lim lin lit lol loz ltz lua lub lug lui '
  + 'lun luo lus mac mad mag mah mai mak mal man mao map mar mas may mdf mdr men mga mic min mis mkd mkh mlg mlt '
  + 'mnc mni mno moh mon mos mri msa mul mun mus mwl mwr mya myn myv nah nai nap nau nav nbl nde ndo nds nep new '
  + 'nia nic niu nld nno nob nog non nor nqo nso nub nwc nya nym nyn nyo nzi oci oji ori orm osa oss ota oto paa '
  + 'pag pal pam pan pap pau peo per phi phn pli pol pon por pra pro pus que raj rap rar roa roh rom ron rum run '
  + 'rup rus sad sag sah sai sal sam san sas sat scn sco sel sem sga sgn shn sid sin sio sit sla slk slo slv sma '
  + 'sme smi smj smn smo sms sna snd snk sog som son sot spa sqi srd srn srp srr ssa ssw suk sun sus sux swa swe '
  + 'syc syr tah tai tam tat tel tem ter tet tgk tgl tha tib tig tir tiv tkl tlh tli tmh tog ton tpi tsi tsn tso '
  + 'tuk tum tup tur tut tvl twi tyv udm uga uig ukr umb und urd uzb vai ven vie vol vot wak wal war was wel wen '
  + 'wln wol xal xho yao yap yid yor ypk zap zbl zen zgh zha zho znd zul zun zxx zza ';

/** `CODE name|CODE name|…` */
const COUNTRIES = ''
  + 'AD Andorra|AE United Arab Emirates|AF Afghanistan|AG Antigua and Barbuda|AI Anguilla|AL Albania|AM Armenia|'
  + 'AO Angola|AQ Antarctica|AR Argentina|AS American Samoa|AT Austria|AU Australia|AW Aruba|AX Åland Islands|'
  + 'AZ Azerbaijan|BA Bosnia and Herzegovina|BB Barbados|BD Bangladesh|BE Belgium|BF Burkina Faso|BG Bulgaria|'
  + 'BH Bahrain|BI Burundi|BJ Benin|BL Saint Barthélemy|BM Bermuda|BN Brunei Darussalam|'
  + 'BO Bolivia, Plurinational State of|BQ Bonaire, Sint Eustatius and Saba|BR Brazil|BS Bahamas|BT Bhutan|'
  + 'BV Bouvet Island|BW Botswana|BY Belarus|BZ Belize|CA Canada|CC Cocos (Keeling) Islands|'
  + 'CD Congo, The Democratic Republic of the|CF Central African Republic|CG Congo|CH Switzerland|CI Côte d\'Ivoire|'
  + 'CK Cook Islands|CL Chile|CM Cameroon|CN China|CO Colombia|CR Costa Rica|CU Cuba|CV Cabo Verde|CW Curaçao|'
  + 'CX Christmas Island|CY Cyprus|CZ Czechia|DE Germany|DJ Djibouti|DK Denmark|DM Dominica|DO Dominican Republic|'
  + 'DZ Algeria|EC Ecuador|EE Estonia|EG Egypt|EH Western Sahara|ER Eritrea|ES Spain|ET Ethiopia|FI Finland|'
  + 'FJ Fiji|FK Falkland Islands|FM Micronesia, Federated States of|FO Faroe Islands|FR France|GA Gabon|'
  + 'GB United Kingdom|GD Grenada|GE Georgia|GF French Guiana|GG Guernsey|GH Ghana|GI Gibraltar|GL Greenland|'
  + 'GM Gambia|GN Guinea|GP Guadeloupe|GQ Equatorial Guinea|GR Greece|'
  + 'GS South Georgia and the South Sandwich Islands|GT Guatemala|GU Guam|GW Guinea-Bissau|GY Guyana|HK Hong Kong|'
  + 'HM Heard Island and McDonald Islands|HN Honduras|HR Croatia|HT Haiti|HU Hungary|ID Indonesia|IE Ireland|'
  + 'IL Israel|IM Isle of Man|IN India|IO British Indian Ocean Territory|IQ Iraq|IR Iran, Islamic Republic of|'
  + 'IS Iceland|IT Italy|JE Jersey|JM Jamaica|JO Jordan|JP Japan|KE Kenya|KG Kyrgyzstan|KH Cambodia|KI Kiribati|'
  + 'KM Comoros|KN Saint Kitts and Nevis|KP Korea, Democratic People\'s Republic of|KR Korea, Republic of|KW Kuwait|'
  + 'KY Cayman Islands|KZ Kazakhstan|LA Lao People\'s Democratic Republic|LB Lebanon|LC Saint Lucia|'
  + 'LI Liechtenstein|LK Sri Lanka|LR Liberia|LS Lesotho|LT Lithuania|LU Luxembourg|LV Latvia|LY Libya|MA Morocco|'
  + 'MC Monaco|MD Moldova, Republic of|ME Montenegro|MF Saint Martin|MG Madagascar|MH Marshall Islands|'
  + 'MK North Macedonia|ML Mali|MM Myanmar|MN Mongolia|MO Macao|MP Northern Mariana Islands|MQ Martinique|'
  + 'MR Mauritania|MS Montserrat|MT Malta|MU Mauritius|MV Maldives|MW Malawi|MX Mexico|MY Malaysia|MZ Mozambique|'
  + 'NA Namibia|NC New Caledonia|NE Niger|NF Norfolk Island|NG Nigeria|NI Nicaragua|NL Netherlands|NO Norway|'
  + 'NP Nepal|NR Nauru|NU Niue|NZ New Zealand|OM Oman|PA Panama|PE Peru|PF French Polynesia|PG Papua New Guinea|'
  + 'PH Philippines|PK Pakistan|PL Poland|PM Saint Pierre and Miquelon|PN Pitcairn|PR Puerto Rico|'
  + 'PS Palestine, State of|PT Portugal|PW Palau|PY Paraguay|QA Qatar|RE Réunion|RO Romania|RS Serbia|'
  + 'RU Russian Federation|RW Rwanda|SA Saudi Arabia|SB Solomon Islands|SC Seychelles|SD Sudan|SE Sweden|'
  + 'SG Singapore|SH Saint Helena, Ascension and Tristan da Cunha|SI Slovenia|SJ Svalbard and Jan Mayen|'
  + 'SK Slovakia|SL Sierra Leone|SM San Marino|SN Senegal|SO Somalia|SR Suriname|SS South Sudan|'
  + 'ST Sao Tome and Principe|SV El Salvador|SX Sint Maarten|SY Syrian Arab Republic|SZ Eswatini|'
  + 'TC Turks and Caicos Islands|TD Chad|TF French Southern Territories|TG Togo|TH Thailand|TJ Tajikistan|'
  + 'TK Tokelau|TL Timor-Leste|TM Turkmenistan|TN Tunisia|TO Tonga|TR Türkiye|TT Trinidad and Tobago|TV Tuvalu|'
  + 'TW Taiwan, Province of China|TZ Tanzania, United Republic of|UA Ukraine|UG Uganda|'
  + 'UM United States Minor Outlying Islands|US United States|UY Uruguay|UZ Uzbekistan|VA Holy See|'
  + 'VC Saint Vincent and the Grenadines|VE Venezuela, Bolivarian Republic of|VG Virgin Islands, British|'
  + 'VI Virgin Islands, U.S.|VN Viet Nam|VU Vanuatu|WF Wallis and Futuna|WS Samoa|YE Yemen|YT Mayotte|'
  + 'ZA South Africa|ZM Zambia|ZW Zimbabwe|';

const SCRIPTS = ''
  + 'Adlm Afak Aghb Ahom Arab Aran Armi Armn Avst Bali Bamu Bass Batk Beng Bhks Blis Bopo Brah Brai Bugi Buhd Cakm '
  + 'Cans Cari Cham Cher Cirt Copt Cprt Cyrl Cyrs Deva Dsrt Dupl Egyd Egyh Egyp Elba Ethi Geok Geor Glag Goth Gran '
  + 'Grek Gujr Guru Hanb Hang Hani Hano Hans Hant Hatr Hebr Hira Hluw Hmng Hrkt Hung Inds Ital Jamo Java Jpan Jurc '
  + 'Kali Kana Khar Khmr Khoj Kitl Kits Knda Kore Kpel Kthi Lana Laoo Latf Latg Latn Leke Lepc Limb Lina Linb Lisu '
  + 'Loma Lyci Lydi Mahj Mand Mani Marc Maya Mend Merc Mero Mlym Modi Mong Moon Mroo Mtei Mult Mymr Narb Nbat Newa '
  + 'Nkgb Nkoo Nshu Ogam Olck Orkh Orya Osge Osma Palm Pauc Perm Phag Phli Phlp Phlv Phnx Piqd Plrd Prti Qaaa Qabx '
  + 'Rjng Roro Runr Samr Sara Sarb Saur Sgnw Shaw Shrd Sidd Sind Sinh Sora Sund Sylo Syrc Syre Syrj Syrn Tagb Takr '
  + 'Tale Talu Taml Tang Tavt Telu Teng Tfng Tglg Thaa Thai Tibt Tirh Ugar Vaii Visp Wara Wole Xpeo Xsux Yiii Zinh '
  + 'Zmth Zsye Zsym Zxxx Zyyy Zzzz ';

function namedCodes(list: string): ReadonlyMap<string, string> {
  const codes = new Map<string, string>();
  for (const item of list.split('|')) {
    if (item === '') continue;
    const space = item.indexOf(' ');
    codes.set(item.slice(0, space), item.slice(space + 1));
  }
  return codes;
}

let languages: ReadonlyMap<string, string> | undefined;
let threeLetterLanguages: ReadonlySet<string> | undefined;
let countries: ReadonlyMap<string, string> | undefined;
let scripts: ReadonlySet<string> | undefined;

/** ISO 639-1: lower-case two-letter code → English name. */
export function iso639Languages(): ReadonlyMap<string, string> {
  return (languages ??= namedCodes(LANGUAGES));
}

/** ISO 639-2 three-letter codes, lower case. */
export function iso639ThreeLetterLanguages(): ReadonlySet<string> {
  return (threeLetterLanguages ??= new Set(THREE_LETTER_LANGUAGES.split(' ').filter((x) => x !== '')));
}

/** ISO 3166-1 alpha-2: upper-case code → English name. */
export function iso3166Countries(): ReadonlyMap<string, string> {
  return (countries ??= namedCodes(COUNTRIES));
}

/** ISO 15924 script codes, title case (`Hant`). */
export function iso15924Scripts(): ReadonlySet<string> {
  return (scripts ??= new Set(SCRIPTS.split(' ').filter((x) => x !== '')));
}
