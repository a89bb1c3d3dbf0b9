/** Where a North American area code is, for plausible simulated numbers. */
export interface AreaCodePlace {
  locality: string;
  /** State or province code. */
  region: string;
  country: "US" | "CA";
}

// Common US and Canadian area codes: "code:locality:region".
const US = `201:Jersey City:NJ 202:Washington:DC 203:Bridgeport:CT 205:Birmingham:AL 206:Seattle:WA 207:Portland:ME
208:Boise:ID 210:San Antonio:TX 212:New York:NY 213:Los Angeles:CA 214:Dallas:TX 215:Philadelphia:PA 216:Cleveland:OH
217:Springfield:IL 224:Evanston:IL 225:Baton Rouge:LA 248:Troy:MI 251:Mobile:AL 253:Tacoma:WA 267:Philadelphia:PA
270:Bowling Green:KY 281:Houston:TX 301:Silver Spring:MD 302:Wilmington:DE 303:Denver:CO 304:Charleston:WV
305:Miami:FL 307:Cheyenne:WY 310:Santa Monica:CA 312:Chicago:IL 313:Detroit:MI 314:St. Louis:MO 315:Syracuse:NY
316:Wichita:KS 317:Indianapolis:IN 318:Shreveport:LA 319:Cedar Rapids:IA 320:St. Cloud:MN 323:Los Angeles:CA
330:Akron:OH 334:Montgomery:AL 336:Greensboro:NC 347:Brooklyn:NY 352:Gainesville:FL 360:Vancouver:WA 401:Providence:RI
402:Omaha:NE 404:Atlanta:GA 405:Oklahoma City:OK 406:Billings:MT 407:Orlando:FL 408:San Jose:CA 410:Baltimore:MD
412:Pittsburgh:PA 414:Milwaukee:WI 415:San Francisco:CA 417:Springfield:MO 419:Toledo:OH 423:Chattanooga:TN
425:Bellevue:WA 434:Charlottesville:VA 435:St. George:UT 469:Dallas:TX 478:Macon:GA 479:Fort Smith:AR 480:Mesa:AZ
501:Little Rock:AR 502:Louisville:KY 503:Portland:OR 504:New Orleans:LA 505:Albuquerque:NM 507:Rochester:MN
508:Worcester:MA 509:Spokane:WA 510:Oakland:CA 512:Austin:TX 513:Cincinnati:OH 515:Des Moines:IA 516:Hempstead:NY
517:Lansing:MI 518:Albany:NY 520:Tucson:AZ 530:Redding:CA 540:Roanoke:VA 541:Eugene:OR 559:Fresno:CA 561:West Palm Beach:FL
571:Arlington:VA 573:Columbia:MO 574:South Bend:IN 585:Rochester:NY 602:Phoenix:AZ 603:Manchester:NH 605:Sioux Falls:SD
609:Trenton:NJ 612:Minneapolis:MN 614:Columbus:OH 615:Nashville:TN 616:Grand Rapids:MI 617:Boston:MA 618:Belleville:IL
619:San Diego:CA 626:Pasadena:CA 630:Aurora:IL 631:Islip:NY 646:New York:NY 651:St. Paul:MN 661:Bakersfield:CA
678:Atlanta:GA 701:Fargo:ND 702:Las Vegas:NV 703:Arlington:VA 704:Charlotte:NC 706:Augusta:GA 707:Santa Rosa:CA
708:Cicero:IL 712:Sioux City:IA 713:Houston:TX 714:Anaheim:CA 715:Eau Claire:WI 716:Buffalo:NY 717:Lancaster:PA
718:Brooklyn:NY 719:Colorado Springs:CO 720:Denver:CO 727:St. Petersburg:FL 732:New Brunswick:NJ 734:Ann Arbor:MI
737:Austin:TX 757:Virginia Beach:VA 760:Oceanside:CA 770:Marietta:GA 773:Chicago:IL 775:Reno:NV 781:Lynn:MA
785:Topeka:KS 786:Miami:FL 801:Salt Lake City:UT 802:Burlington:VT 803:Columbia:SC 804:Richmond:VA 808:Honolulu:HI
810:Flint:MI 813:Tampa:FL 816:Kansas City:MO 817:Fort Worth:TX 818:Burbank:CA 832:Houston:TX 843:Charleston:SC
847:Schaumburg:IL 850:Tallahassee:FL 856:Camden:NJ 858:San Diego:CA 859:Lexington:KY 860:Hartford:CT 864:Greenville:SC
901:Memphis:TN 904:Jacksonville:FL 907:Anchorage:AK 908:Elizabeth:NJ 909:San Bernardino:CA 910:Fayetteville:NC
912:Savannah:GA 913:Overland Park:KS 914:Yonkers:NY 915:El Paso:TX 916:Sacramento:CA 917:New York:NY 918:Tulsa:OK
919:Raleigh:NC 920:Green Bay:WI 925:Concord:CA 941:Sarasota:FL 949:Irvine:CA 951:Riverside:CA 954:Fort Lauderdale:FL
970:Fort Collins:CO 971:Portland:OR 972:Plano:TX 973:Newark:NJ 978:Lowell:MA 980:Charlotte:NC 985:Houma:LA`;

const CA = `204:Winnipeg:MB 226:London:ON 236:Vancouver:BC 250:Victoria:BC 289:Hamilton:ON 306:Regina:SK 343:Ottawa:ON
365:Hamilton:ON 403:Calgary:AB 416:Toronto:ON 418:Quebec City:QC 431:Winnipeg:MB 437:Toronto:ON 438:Montreal:QC
450:Laval:QC 506:Moncton:NB 514:Montreal:QC 519:Windsor:ON 548:Kitchener:ON 579:Longueuil:QC 581:Quebec City:QC
587:Edmonton:AB 604:Vancouver:BC 613:Ottawa:ON 639:Saskatoon:SK 647:Toronto:ON 672:Surrey:BC 705:Sudbury:ON
709:St. John's:NL 778:Burnaby:BC 780:Edmonton:AB 782:Halifax:NS 807:Thunder Bay:ON 819:Gatineau:QC 825:Calgary:AB
867:Whitehorse:YT 873:Sherbrooke:QC 902:Halifax:NS 905:Mississauga:ON`;

function parse(table: string, country: AreaCodePlace["country"]): [string, AreaCodePlace][] {
  return table
    .split(/\s(?=\d{3}:)/)
    .map((entry) => entry.trim().split(":"))
    .map(([code = "", locality = "", region = ""]) => [code, { locality, region, country }]);
}

const PLACES = new Map<string, AreaCodePlace>([...parse(US, "US"), ...parse(CA, "CA")]);

/** The place of an area code; an unlisted one gets a generic US place so any code works. */
export function placeOfAreaCode(areaCode: string): AreaCodePlace {
  return PLACES.get(areaCode) ?? { locality: `Area ${areaCode}`, region: "US", country: "US" };
}
