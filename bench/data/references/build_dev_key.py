"""Builds bench/data/references/dev_key.json: a second tuning set (not the held-out set),
keyed by hand from what each document prints (same conventions as the tuning key)."""

import hashlib, json, sys
from pathlib import Path
import pypdfium2 as pdfium

CAND = Path("/work/staging/refs/work/cand")
FIELDS = (
    "type",
    "title",
    "authors",
    "year",
    "container",
    "volume",
    "issue",
    "pages",
    "article_number",
    "publisher",
    "doi",
    "arxiv_id",
    "report_number",
    "isbn",
    "url",
)


def F(value, page=1, evidence="", **extra):
    return {
        "value": value,
        "page": page if value is not None else None,
        "evidence_text": evidence,
        **extra,
    }


def A(*names):
    out = []
    for n in names:
        fam, _, given = n.partition(", ")
        out.append({"family": fam, "given": given} if given else {"family": fam})
    return out


N = "ContentMine/norma"
NC = "2970a4d172ef3f128647165613b58251ea1e6b70"
SP = "allenai/science-parse"
SPC = "961d4699073511d62b5c3b73f74e79115987bb15"
GR = "kermitt2/grobid"
GRC = "40a6b17dbf5a6c3d9a3a92163c48df457acb8985"
PM = "allenai/papermage"
PMC = "d9e483a0c1eda85a974ecb0ce44f9958d4691b3d"
CE = "CeON/CERMINE"

DOCS = [
    (
        "cermine_test5.pdf",
        (
            CE,
            "cermine-impl/src/test/resources/pl/edu/icm/cermine/test5.pdf",
            "f22c307e42632e203d6ae61cf2a9e12bfe00e039",
            "unknown (BMJ; not stated)",
        ),
        {
            "type": F(
                "article-journal", 1, "'Original article'; foot 'Postgrad Med J 2010;86:272e278'"
            ),
            "title": F(
                "Iron deficiency anaemia can be improved after eradication of Helicobacter pylori",
                1,
                "title block",
            ),
            "authors": F(
                A(
                    "Huang, Xiaolu",
                    "Qu, Xinhua",
                    "Yan, Weili",
                    "Huang, Youliang",
                    "Cai, Mingci",
                    "Hu, Bing",
                    "Wu, Lianming",
                    "Lin, Hai",
                    "Chen, Zhiwei",
                    "Zhu, Cuiying",
                    "Lu, Lungen",
                    "Sun, Xu",
                    "Rong, Lan",
                    "Jiang, Yibin",
                    "Sun, Dayu",
                    "Zhong, Liang",
                    "Xiong, Ping",
                ),
                1,
                "author lines p1 (17 names)",
            ),
            "year": F(2010, 1, "Postgrad Med J 2010;86:272e278"),
            "container": F("Postgrad Med J", 1, "Postgrad Med J 2010;86:272e278"),
            "volume": F("86", 1, "2010;86:"),
            "pages": F("272-278", 1, "272e278 (the en dash is 'e' in the text layer)"),
            "doi": F("10.1136/pgmj.2009.089987", 1, "doi:10.1136/pgmj.2009.089987"),
        },
    ),
    (
        "n_10.2147_AMEP.S116699.pdf",
        (
            N,
            "src/test/resources/org/xmlcml/norma/plot/singleTreeSingleFigure1/10.2147_AMEP.S116699/fulltext.pdf",
            "d9c92a68964a5d28e745fda3595b3d7590e08303",
            "CC BY-NC 3.0 (p1)",
        ),
        {
            "type": F(
                "article-journal",
                1,
                "'Original Research'; 'Advances in Medical Education and Practice 2016:7 623–633'",
            ),
            "title": F(
                "The impact of rural-exposure strategies on the intention of dental students and dental graduates to practice in rural areas: a systematic review and meta-analysis",
                1,
                "title block",
            ),
            "authors": F(
                A(
                    "Suphanchaimat, Rapeepong",
                    "Cetthakrikul, Nisachol",
                    "Dalliston, Alexander",
                    "Putthasri, Weerasak",
                ),
                1,
                "one name per line",
            ),
            "year": F(2016, 1, "2016:7 623–633"),
            "container": F(
                "Advances in Medical Education and Practice",
                1,
                "Advances in Medical Education and Practice 2016:7 623–633",
            ),
            "volume": F("7", 1, "2016:7; 'Volume: 7'"),
            "pages": F("623-633", 1, "623–633"),
            "publisher": F(
                "Dove Medical Press",
                1,
                "published and licensed by Dove Medical Press Limited",
                accept=["Dove Medical Press Limited", "Dovepress"],
            ),
            "doi": F("10.2147/AMEP.S116699", 1, "http://dx.doi.org/10.2147/AMEP.S116699"),
        },
    ),
    (
        "n_pain.pdf",
        (N, "pdftable1/10.1016_j.pain.2014.09.020/fulltext.pdf", NC, "CC BY-NC-ND 3.0 (p1)"),
        {
            "type": F("article-journal", 1, "'Comprehensive review'; 'PAIN 155 (2014) 2461–2470'"),
            "title": F(
                "Incidence, prevalence, and predictors of chemotherapy-induced peripheral neuropathy: A systematic review and meta-analysis",
                1,
                "title block",
            ),
            "authors": F(
                A(
                    "Seretny, Marta",
                    "Currie, Gillian L.",
                    "Sena, Emily S.",
                    "Ramnarine, Sabrina",
                    "Grant, Robin",
                    "MacLeod, Malcolm R.",
                    "Colvin, Leslie A.",
                    "Fallon, Marie",
                ),
                1,
                "author lines",
            ),
            "year": F(2014, 1, "PAIN 155 (2014) 2461–2470"),
            "container": F("PAIN", 1, "PAIN 155 (2014) 2461–2470", accept=["Pain"]),
            "volume": F("155", 1, "155 (2014)"),
            "pages": F("2461-2470", 1, "2461–2470"),
            "publisher": F(
                "Elsevier",
                1,
                "Published by Elsevier B.V. on behalf of International Association for the Study of Pain",
                accept=["Elsevier B.V.", "Elsevier BV"],
            ),
            "doi": F(
                "10.1016/j.pain.2014.09.020", 1, "http://dx.doi.org/10.1016/j.pain.2014.09.020"
            ),
        },
    ),
    (
        "pm_isoor.pdf",
        (
            PM,
            "tests/fixtures/svm_word_predictor/index-string-out-of-range-d5b4bf22619ce0cb4b7742bc9174c5c4ef407a80.pdf",
            PMC,
            "unknown (© John Wiley & Sons)",
        ),
        {
            "type": F("article-journal", 1, "'EDITORIAL'; head 'Immunology. 2022;165:141–142.'"),
            "title": F(
                "COVID-19 vaccination and treatment in vulnerable populations", 1, "title block"
            ),
            "authors": F(A("Delgoffe, Greg M."), 2, "signed at the end: 'Greg M. Delgoffe'"),
            "year": F(2022, 1, "Immunology. 2022;165:141–142."),
            "container": F("Immunology", 1, "Immunology. 2022;165:141–142."),
            "volume": F("165", 1, "2022;165:"),
            "pages": F("141-142", 1, "141–142"),
            "publisher": F(
                "John Wiley & Sons",
                1,
                "© 2022 John Wiley & Sons Ltd",
                accept=["John Wiley & Sons Ltd", "Wiley"],
            ),
            "doi": F("10.1111/imm.13445", 1, "DOI: 10.1111/imm.13445"),
        },
    ),
    (
        "gr_test_0807.3577.pdf",
        (
            GR,
            "grobid-core/src/test/resources/test/0807.3577.pdf",
            GRC,
            "unknown (© IOP Publishing and SISSA)",
        ),
        {
            "type": F(
                "article-journal",
                1,
                "'JCAP10(2008)003'; foot 'Journal of Cosmology and Astroparticle Physics 10 (2008) 003'",
            ),
            "title": F("Apparent and average accelerations of the Universe", 1, "title block"),
            "authors": F(
                A("Bolejko, Krzysztof", "Andersson, Lars"),
                1,
                "Krzysztof Bolejko1,2 and Lars Andersson3,4",
            ),
            "year": F(2008, 1, "JCAP10(2008)003; Published 3 October 2008"),
            "container": F(
                "Journal of Cosmology and Astroparticle Physics",
                2,
                "foot p2 'Journal of Cosmology and Astroparticle Physics 10 (2008) 003'",
                accept=["JCAP"],
            ),
            "volume": F("10", 2, "10 (2008) 003"),
            "article_number": F("003", 2, "10 (2008) 003", accept=["3"]),
            "publisher": F(
                "IOP Publishing",
                1,
                "© 2008 IOP Publishing Ltd and SISSA",
                accept=["IOP Publishing Ltd", "IOP Publishing Ltd and SISSA"],
            ),
            "doi": F("10.1088/1475-7516/2008/10/003", 1, "doi:10.1088/1475-7516/2008/10/003"),
            "arxiv_id": F("0807.3577", 1, "ArXiv ePrint: 0807.3577"),
            "url": F(
                "stacks.iop.org/JCAP/2008/i=10/a=003",
                1,
                "Online at stacks.iop.org/JCAP/2008/i=10/a=003",
            ),
        },
    ),
    (
        "gr_test_test_Grobid_1_05452615.pdf",
        (
            GR,
            "grobid-core/src/test/resources/test/test_Grobid_1_05452615.pdf",
            GRC,
            "unknown (© 2010 IEEE)",
        ),
        {
            "type": F(
                "paper-conference",
                1,
                "foot '2010 International Conference on Data Storage and Data Engineering'",
            ),
            "title": F(
                "A New Requirement Prioritization Model for Market Driven Products Using Analytical Hierarchical Process",
                1,
                "title block",
            ),
            "authors": F(
                A("Iqbal, Muhammad Atif", "Zaidi, Athar Mohsin", "Murtaza, Saeed"),
                1,
                "'Dr. Saeed Murtaza' (title dropped)",
            ),
            "year": F(2010, 1, "© 2010 IEEE"),
            "container": F(
                "2010 International Conference on Data Storage and Data Engineering",
                1,
                "foot p1",
                accept=["International Conference on Data Storage and Data Engineering"],
            ),
            "publisher": F("IEEE", 1, "978-0-7695-3958-4/10 $26.00 © 2010 IEEE"),
            "doi": F("10.1109/DSDE.2010.49", 1, "DOI 10.1109/DSDE.2010.49"),
            "isbn": F("9780769539584", 1, "978-0-7695-3958-4/10 (printed without the word ISBN)"),
        },
    ),
    (
        "cermine_web_test1.pdf",
        (
            CE,
            "cermine-web/src/test/resources/pdf/test1.pdf",
            "HEAD 57aefa764bdd15830bfbc68c7074f45211d1fe3f",
            "unknown (Google/USENIX)",
        ),
        {
            "type": F("paper-conference", 1, "foot 'To appear in OSDI 2006'"),
            "title": F(
                "Bigtable: A Distributed Storage System for Structured Data", 1, "title block"
            ),
            "authors": F(
                A(
                    "Chang, Fay",
                    "Dean, Jeffrey",
                    "Ghemawat, Sanjay",
                    "Hsieh, Wilson C.",
                    "Wallach, Deborah A.",
                    "Burrows, Mike",
                    "Chandra, Tushar",
                    "Fikes, Andrew",
                    "Gruber, Robert E.",
                ),
                1,
                "two author lines",
            ),
            "year": F(2006, 1, "To appear in OSDI 2006"),
            "container": F("OSDI 2006", 1, "To appear in OSDI 2006", accept=["OSDI"]),
        },
    ),
    (
        "n_trials16_1_2.pdf",
        (
            N,
            "examples/http_www.trialsjournal.com_content_16_1_2/fulltext.pdf",
            NC,
            "CC BY 4.0 (p1)",
        ),
        {
            "type": F(
                "article-journal", 1, "'STUDY PROTOCOL'; foot 'Forster et al. Trials 2015, 16:2'"
            ),
            "title": F(
                "Effectiveness of a computerized drug-monitoring program to detect and prevent adverse drug events and medication non-adherence in outpatient ambulatory care: study protocol of a randomized controlled trial",
                1,
                "title block",
            ),
            "authors": F(
                A(
                    "Forster, Alan J",
                    "Erlanger, Tobias E",
                    "Jennings, Alison",
                    "Auger, Claudine",
                    "Buckeridge, David",
                    "van Walraven, Carl",
                    "Tamblyn, Robyn",
                ),
                1,
                "author lines",
            ),
            "year": F(2015, 1, "Trials 2015, 16:2"),
            "container": F("Trials", 1, "Forster et al. Trials 2015, 16:2"),
            "volume": F("16", 1, "16:2"),
            "article_number": F("2", 1, "16:2"),
            "publisher": F(
                "BioMed Central", 1, "licensee BioMed Central", accept=["BioMed Central Ltd"]
            ),
            "doi": F(
                "10.1186/1745-6215-16-2",
                7,
                "doi:10.1186/1745-6215-16-2 (last page, Cite this article)",
            ),
            "url": F("http://www.trialsjournal.com/content/16/1/2", 1, "foot line 2"),
        },
    ),
    (
        "n_s13054.pdf",
        (
            N,
            "src/test/resources/org/xmlcml/norma/pubstyle/bmc/misc/s13054-014-0721-8.pdf",
            NC,
            "CC BY 4.0 (p1)",
        ),
        {
            "type": F(
                "article-journal", 1, "'Critical Care' provisional PDF, 'Article type Research'"
            ),
            "title": F(
                "Diminished adrenal sensitivity to endogenous and exogenous adrenocorticotropic hormone in critical illness: a prospective cohort study",
                1,
                "title lines",
            ),
            "authors": F(
                A(
                    "de Jong, Margriet FC",
                    "Molenaar, Nienke",
                    "Beishuizen, Albertus",
                    "Groeneveld, Arie Bastiaan Johan",
                ),
                1,
                "one name per line with e-mail",
            ),
            "year": F(2015, 1, "© 2015 de Jong et al.; licensee BioMed Central"),
            "container": F("Critical Care", 1, "head 'Critical Care'"),
            "publisher": F("BioMed Central", 1, "licensee BioMed Central"),
            "doi": F("10.1186/s13054-014-0721-8", 1, "doi:10.1186/s13054-014-0721-8"),
        },
    ),
    (
        "pm_vebd.pdf",
        (
            PM,
            "tests/fixtures/svm_word_predictor/value-error-box-diff-page-3574574f60182fc886aa13ad9d9dd3efc4d0a081.pdf",
            PMC,
            "unknown (arXiv stamp)",
        ),
        {
            "type": F(
                "article",
                1,
                "arXiv stamp only; AAAI copyright footnote is the template's",
                accept=["manuscript"],
            ),
            "title": F(
                "Novelty Controlled Paraphrase Generation with Retrieval Augmented Conditional Prompt Tuning",
                1,
                "title block",
            ),
            "authors": F(
                A("Ray Chowdhury, Jishnu", "Zhuang, Yong", "Wang, Shuyi"),
                1,
                "Jishnu Ray Chowdhury,1* Yong Zhuang, 2 Shuyi Wang 2",
            ),
            "year": F(2022, 1, "arXiv:2202.00535v1 [cs.CL] 1 Feb 2022"),
            "arxiv_id": F("2202.00535v1", 1, "arXiv:2202.00535v1 [cs.CL] 1 Feb 2022"),
        },
    ),
    (
        "pm_2206.10883v3.pdf",
        (
            PM,
            "tests/fixtures/2206.10883v3.pdf",
            "HEAD 9cd4bb48cbedab45d0f7a455711438f1632abebe",
            "unknown (arXiv stamp)",
        ),
        {
            "type": F(
                "article", 1, "'Preprint. Under review.'; arXiv stamp", accept=["manuscript"]
            ),
            "title": F(
                "Multi-LexSum: Real-World Summaries of Civil Rights Lawsuits at Multiple Granularities",
                1,
                "title block",
            ),
            "authors": F(
                A(
                    "Shen, Zejiang",
                    "Lo, Kyle",
                    "Yu, Lauren",
                    "Dahlberg, Nathan",
                    "Schlanger, Margo",
                    "Downey, Doug",
                ),
                1,
                "two author lines",
            ),
            "year": F(2022, 1, "arXiv:2206.10883v3 [cs.CL] 22 Jul 2022"),
            "arxiv_id": F("2206.10883v3", 1, "arXiv:2206.10883v3 [cs.CL] 22 Jul 2022"),
        },
    ),
    (
        "sp_2a774230b5328df3f8125da9b84a82d92b46a240.pdf",
        (
            SP,
            "core/src/test/resources/2a774230b5328df3f8125da9b84a82d92b46a240.pdf",
            SPC,
            "unknown (© 1997 IEEE)",
        ),
        {
            "type": F(
                "article-journal", 1, "head 'IEEE TRANSACTIONS ON ..., VOL. 7, NO. 5, OCTOBER 1997'"
            ),
            "title": F("Disk-Based Storage for Scalable Video", 1, "title block"),
            "authors": F(
                A("Chang, Ed", "Zakhor, Avideh"), 1, "Ed Chang and Avideh Zakhor, Member, IEEE"
            ),
            "year": F(1997, 1, "OCTOBER 1997"),
            "container": F(
                "IEEE Transactions on Circuits and Systems for Video Technology", 1, "running head"
            ),
            "volume": F("7", 1, "VOL. 7"),
            "issue": F("5", 1, "NO. 5"),
            "publisher": F("IEEE", 1, "1051–8215/97$10.00 © 1997 IEEE (© lost in the text layer)"),
        },
    ),
    (
        "sp_bohnet09.pdf",
        (SP, "core/src/test/resources/bohnet09.pdf", SPC, "CC BY-NC-SA 3.0 (ACL Anthology <2016)"),
        {
            "type": F("paper-conference", 1, "head 'Proceedings of ...'"),
            "title": F(
                "Efficient Parsing of Syntactic and Semantic Dependency Structures",
                1,
                "title block",
            ),
            "authors": F(A("Bohnet, Bernd"), 1, "Bernd Bohnet"),
            "year": F(2009, 1, "Boulder, Colorado, June 2009. ©2009"),
            "container": F(
                "Proceedings of the Thirteenth Conference on Computational Natural Language Learning (CoNLL): Shared Task",
                1,
                "head",
                accept=[
                    "Proceedings of the Thirteenth Conference on Computational Natural Language Learning (CoNLL)"
                ],
            ),
            "pages": F("67-72", 1, "pages 67–72"),
            "publisher": F(
                "Association for Computational Linguistics",
                1,
                "©2009 Association for Computational Linguistics",
            ),
        },
    ),
    (
        "sp_bunescu-acl07.pdf",
        (
            SP,
            "core/src/test/resources/bunescu-acl07.pdf",
            SPC,
            "unknown (author copy of an ACL 2007 paper)",
        ),
        {
            "type": F(
                "paper-conference",
                1,
                "head 'In Proceedings of the 45th Annual Meeting ... pp. 576-583'",
            ),
            "title": F(
                "Learning to Extract Relations from the Web using Minimal Supervision",
                1,
                "title block",
            ),
            "authors": F(A("Bunescu, Razvan C.", "Mooney, Raymond J."), 1, "two author columns"),
            "year": F(2007, 1, "Prague, Czech Republic, June 2007"),
            "container": F(
                "Proceedings of the 45th Annual Meeting of the Association for Computational Linguistics (ACL-2007)",
                1,
                "head",
                accept=[
                    "Proceedings of the 45th Annual Meeting of the Association for Computational Linguistics"
                ],
            ),
            "pages": F("576-583", 1, "pp. 576-583"),
        },
    ),
    (
        "n_mitton.pdf",
        (N, "examples/theses/These_Nathalie_Mitton.pdf", NC, "unknown (HAL deposit)"),
        {
            "type": F(
                "thesis",
                1,
                "HAL cover 'tel-00599147'; p2 'en vue de l'obtention du diplôme DOCTORAT'",
            ),
            "title": F(
                "AUTO-ORGANISATION DES RESEAUX SANS FIL MULTI-SAUTS A GRANDE ECHELLE",
                1,
                "HAL cover title",
                accept=["Auto-organisation des réseaux sans fil multi-sauts à grande échelle"],
            ),
            "authors": F(A("Mitton, Nathalie"), 1, "Nathalie Mitton"),
            "year": F(2006, 1, "To cite this version: ... INSA de Lyon, 2006."),
            "publisher": F(
                "INSA de Lyon",
                1,
                "To cite this version: ... INSA de Lyon, 2006; p2 'de l'INSA de Lyon'",
            ),
            "url": F(
                "https://tel.archives-ouvertes.fr/tel-00599147",
                1,
                "HAL Id: tel-00599147 https://tel.archives-ouvertes.fr/tel-00599147",
            ),
        },
    ),
    (
        "n_10.5114_aoms.2016.61916.pdf",
        (
            N,
            "src/test/resources/org/xmlcml/norma/plot/singleTreeSingleFigure1/10.5114_aoms.2016.61916/fulltext.pdf",
            "d9c92a68964a5d28e745fda3595b3d7590e08303",
            "unknown (© Termedia & Banach; CC BY-NC-SA stated on the journal site, not printed)",
        ),
        {
            "type": F(
                "article-journal",
                1,
                "'Systematic review/Meta-analysis'; 'Arch Med Sci 2016; 12, 5: 1110–1117'",
            ),
            "title": F(
                "Prognostic significance of cyclooxygenase-2 expression in patients with hepatocellular carcinoma: a meta-analysis",
                1,
                "title block",
            ),
            "authors": F(
                A(
                    "Chen, Guodong",
                    "Li, Xiaoyan",
                    "Yang, Jing",
                    "Li, Jie",
                    "Wang, Xia",
                    "He, Jun",
                    "Huang, Zonghai",
                ),
                1,
                "author lines",
                name_order_ambiguous=True,
            ),
            "year": F(2016, 1, "Arch Med Sci 2016; 12, 5: 1110–1117"),
            "container": F("Arch Med Sci", 1, "Arch Med Sci 2016; 12, 5: 1110–1117"),
            "volume": F("12", 1, "2016; 12, 5:"),
            "issue": F("5", 1, "12, 5:"),
            "pages": F("1110-1117", 1, "1110–1117"),
            "publisher": F(
                "Termedia & Banach", 1, "Copyright © 2016 Termedia & Banach", accept=["Termedia"]
            ),
            "doi": F("10.5114/aoms.2016.61916", 1, "DOI: 10.5114/aoms.2016.61916"),
        },
    ),
    (
        "sp_c0690a1d74ab781bd54f9fa7e67267cce656.pdf",
        (
            SP,
            "core/src/test/resources/c0690a1d74ab781bd54f9fa7e67267cce656.pdf",
            SPC,
            "unknown (ACM template draft)",
        ),
        {
            "type": F(
                "manuscript",
                1,
                "ACM journal template with placeholders ('ACM Journal Name, Vol. V, No. N, Month 20YY'): no real venue",
                accept=["article-journal", "document"],
            ),
            "title": F(
                "Approximation Algorithms for Data Placement on Parallel Disks", 1, "title block"
            ),
            "authors": F(
                A(
                    "Golubchik, Leana",
                    "Khanna, Sanjeev",
                    "Khuller, Samir",
                    "Thurimella, Ramakrishna",
                    "Zhu, An",
                ),
                1,
                "names in capitals, one per block (five)",
            ),
        },
    ),
]

docs = []
for name, (repo, path, commit, licence), fields in DOCS:
    pdf_path = CAND / name
    data = pdf_path.read_bytes()
    pages = len(pdfium.PdfDocument(str(pdf_path)))
    full = {f: fields.get(f, F(None)) for f in FIELDS}
    docs.append(
        {
            "file": name,
            "sha1": hashlib.sha1(data).hexdigest(),
            "bytes": len(data),
            "pages": pages,
            "fields": full,
            "source": {"repo": repo, "path": path, "commit": commit, "licence": licence},
        }
    )
out = {
    "set": "dev (second tuning set; not the held-out set)",
    "conventions": "bench/data/README.md, Key conventions",
    "fields": list(FIELDS),
    "documents": docs,
}
Path(sys.argv[1]).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
print(
    len(docs),
    "documents,",
    sum(1 for d in docs for f in d["fields"].values() if f["value"] is not None),
    "printed fields",
)
