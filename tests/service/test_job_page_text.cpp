#include <QtTest>

#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "client/jobs.h"
#include "shapes/job_json.h"
#include "shapes/json_text.h"

// GET /v1/jobs's page is written as text (shapes::job_page_text) and read without a document
// (client::job_page_from_text): the text is byte for byte what the document's dump() gave, so
// every client and the schema see the same answer, and the client reads back every field of every
// row, names with quotes, control characters and bytes that are no UTF-8 included.
class TestJobPageText : public QObject {
    Q_OBJECT

    static std::string dumped(const nlohmann::json& j) {
        return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }

    static std::vector<std::string> awkward_texts() {
        std::vector<std::string> t = {"",
                                      "plain",
                                      "quote\" back\\slash /",
                                      "caf\xc3\xa9",
                                      "\xe6\x97\xa5",
                                      "bad \xff\xfe bytes",
                                      "cut \xc3",
                                      "tab\there\r\n",
                                      std::string("nul\0x", 5)};
        std::string controls;
        for (int c = 1; c < 0x20; ++c)
            controls += static_cast<char>(c);
        t.push_back(controls + "\x7f");
        return t;
    }

    static std::vector<tl::catalog::JobRecord> rows() {
        std::vector<tl::catalog::JobRecord> out;
        std::int64_t id = 1;
        for (const auto& text : awkward_texts()) {
            tl::catalog::JobRecord r;
            r.id = id++;
            r.kind = "backup";
            r.name = text;
            r.level = id % 2 ? "full" : "";
            r.status = id % 3 ? "completed" : "waiting";
            r.waiting_for = id % 3 ? "" : "drive " + text;
            r.started = 1764900000 + id;
            r.ended = id % 3 ? r.started + 7 : 0;
            r.files = id * 1000;
            r.bytes = std::numeric_limits<std::int64_t>::max() - id;
            r.elapsed_s = id % 4 ? 1.5 * static_cast<double>(id) : 0;
            r.wall_rate_Bps = id == 3 ? std::nan("") : 1e20 / static_cast<double>(id);
            r.sustained_rate_Bps = 123456789.125;
            out.push_back(r);
        }
        return out;
    }

    // The document the route built before it wrote text: job_row_json() plus the rates.
    static nlohmann::json page_document(const std::vector<tl::catalog::JobRecord>& rs, bool rates) {
        nlohmann::json jobs = nlohmann::json::array();
        for (const auto& r : rs) {
            jobs.push_back(tl::shapes::job_row_json(r));
            if (rates)
                jobs.back().update({{"elapsed_s", r.elapsed_s},
                                    {"wall_rate_Bps", r.wall_rate_Bps},
                                    {"sustained_rate_Bps", r.sustained_rate_Bps}});
        }
        return {{"jobs", jobs}, {"total", 1234}, {"limit", 100}, {"offset", 7}};
    }

private Q_SLOTS:
    void stringsAreWrittenAsDumpWritesThem() {
        for (const auto& t : awkward_texts()) {
            std::string out;
            tl::shapes::append_json_string(out, t);
            QCOMPARE(QString::fromStdString(out),
                     QString::fromStdString(dumped(nlohmann::json(t))));
        }
    }

    void numbersAreWrittenAsDumpWritesThem() {
        for (double v : {0.0, 1.0, -2.5, 1e20, 123456789.125, 1.0 / 3, std::nan(""),
                         std::numeric_limits<double>::infinity()}) {
            std::string out;
            tl::shapes::append_json_number(out, v);
            QCOMPARE(QString::fromStdString(out), QString::fromStdString(dumped(v)));
        }
        std::string out;
        tl::shapes::append_json_number(out, std::numeric_limits<std::int64_t>::min());
        QCOMPARE(out, dumped(std::numeric_limits<std::int64_t>::min()));
    }

    void pageTextIsTheDocumentsDump() {
        const auto rs = rows();
        for (bool rates : {false, true}) {
            const auto text = tl::shapes::job_page_text(rs, {1234, 100, 7, rates});
            QCOMPARE(QString::fromStdString(text),
                     QString::fromStdString(dumped(page_document(rs, rates))));
        }
        QCOMPARE(QString::fromStdString(tl::shapes::job_page_text({}, {1234, 100, 7, false})),
                 QString::fromStdString(dumped(page_document({}, false))));
    }

    void clientReadsBackEveryField() {
        const auto rs = rows();
        auto page =
            tl::client::job_page_from_text(tl::shapes::job_page_text(rs, {1234, 100, 7, true}));
        QVERIFY2(page, page ? "" : page.error().message.c_str());
        QCOMPARE(page->total, 1234);
        QCOMPARE(page->rows.size(), rs.size());
        for (std::size_t i = 0; i < rs.size(); ++i) {
            const auto& got = page->rows[i];
            const auto& want = rs[i];
            QCOMPARE(got.id, want.id);
            QCOMPARE(got.kind, want.kind);
            // What the client reads is what the answer says: the name after dump's replacement.
            QCOMPARE(got.name, nlohmann::json::parse(dumped(want.name)).get<std::string>());
            QCOMPARE(got.level, want.level);
            QCOMPARE(got.status, want.status);
            QCOMPARE(got.waiting_for,
                     nlohmann::json::parse(dumped(want.waiting_for)).get<std::string>());
            QCOMPARE(got.started, want.started);
            QCOMPARE(got.ended, want.ended);
            QCOMPARE(got.files, static_cast<std::uint64_t>(want.files));
            QCOMPARE(got.bytes, static_cast<std::uint64_t>(want.bytes));
            QCOMPARE(got.elapsed_s, want.elapsed_s);
            QCOMPARE(got.sustained_rate_Bps, want.sustained_rate_Bps);
            // NaN went as null: the client has no rate for it.
            QCOMPARE(got.wall_rate_Bps, std::isnan(want.wall_rate_Bps) ? 0.0 : want.wall_rate_Bps);
        }
    }

    void unknownKeysAndNestedValuesAreSkipped() {
        auto page = tl::client::job_page_from_text(
            R"({"note":{"jobs":[{"id":99}]},"jobs":[{"id":5,"extra":{"name":"x","id":7},)"
            R"("tags":["a",{"status":"y"}],"name":"n","status":"completed"}],"total":1})");
        QVERIFY2(page, page ? "" : page.error().message.c_str());
        QCOMPARE(page->rows.size(), std::size_t{1});
        QCOMPARE(page->rows[0].id, 5);
        QCOMPARE(page->rows[0].name, std::string("n"));
        QCOMPARE(page->rows[0].status, std::string("completed"));
        QCOMPARE(page->total, 1);
    }

    void escapesAndNumberFormsAreRead() {
        auto page = tl::client::job_page_from_text(
            " {\"jobs\" : [ {\"name\":\"a\\\"b\\u00e9\\ud83d\\ude00\\n\",\"id\":3,"
            "\"files\":1.5e3,\"bytes\":-4,\"elapsed_s\":2E-1,\"waiting_for\":null,"
            "\"kind\":\"k\",\"l\\u0065vel\":\"full\",\"deep\":[[[{\"a\":[true,false,null]}]]]}"
            " ] , \"total\" : 1 } \n");
        QVERIFY2(page, page ? "" : page.error().message.c_str());
        QCOMPARE(page->rows.size(), std::size_t{1});
        const auto& r = page->rows[0];
        QCOMPARE(r.name, std::string("a\"b\xc3\xa9\xf0\x9f\x98\x80\n"));
        QCOMPARE(r.id, 3);
        QCOMPARE(r.files, std::uint64_t{1500});
        QCOMPARE(r.bytes, std::uint64_t{0}); // a negative count is no count
        QCOMPARE(r.elapsed_s, 0.2);
        QCOMPARE(r.kind, std::string("k"));
        QCOMPARE(r.level, std::string("full")); // an escaped key is the key it spells
    }

    void aPageThatIsNotOneIsAnError() {
        std::string deep = "{\"jobs\":[],\"x\":";
        deep += std::string(100, '[') + std::string(100, ']') + "}";
        for (const std::string& bad : std::vector<std::string>{
                 "", "{\"jobs\":[{\"id\":1}", "[1,2]", "{\"total\":3}", "null", "{\"jobs\":[]} x",
                 "{\"jobs\":[{\"id\":01}]}", "{\"jobs\":[{\"id\":1,}]}",
                 "{\"jobs\":[{\"name\":\"tab\there\"}]}", "{\"jobs\":[{\"name\":\"\\x\"}]}",
                 "{\"jobs\":[{\"id\":-}]}", "{\"jobs\":[{\"id\":1.}]}", "{\"jobs\":[nul]}",
                 "{\"jobs\":[],}", deep}) {
            auto page = tl::client::job_page_from_text(bad);
            QVERIFY2(!page, bad.c_str());
            QCOMPARE(page.error().kind, tl::ErrorKind::Io);
        }
    }
};

QTEST_GUILESS_MAIN(TestJobPageText)
#include "test_job_page_text.moc"
