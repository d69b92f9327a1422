#include <QtTest>

#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "client/file_page_parse.h"
#include "client/jobs.h"
#include "common/path_json.h"
#include "shapes/file_page_text.h"
#include "shapes/job_json.h"
#include "shapes/json_text.h"

// The API's large pages are written as text: GET /v1/jobs (shapes::job_page_text) and GET
// /v1/files (shapes::FilePageText), the job page read back without a document
// (client::job_page_from_text). The text is byte for byte what the documents' dump() gave, so
// every client and the schema see the same answer, and the client reads back every field of every
// row, names with quotes, control characters and bytes that are no UTF-8 included.
class TestPageText : public QObject {
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

    // The compact page as a document: each row an array of the columns.
    static nlohmann::json compact_page_document(const std::vector<tl::catalog::JobRecord>& rs,
                                                bool rates) {
        nlohmann::json columns = {"id",      "kind",  "name",  "level", "status",
                                  "started", "ended", "files", "bytes", "waiting_for"};
        if (rates)
            for (const char* c : {"elapsed_s", "wall_rate_Bps", "sustained_rate_Bps"})
                columns.push_back(c);
        nlohmann::json jobs = nlohmann::json::array();
        for (const auto& r : rs) {
            jobs.push_back(
                {r.id, r.kind, r.name, r.level, r.status, r.started, r.ended, r.files, r.bytes,
                 r.waiting_for.empty() ? nlohmann::json() : nlohmann::json(r.waiting_for)});
            if (rates)
                for (double v : {r.elapsed_s, r.wall_rate_Bps, r.sustained_rate_Bps})
                    jobs.back().push_back(v);
        }
        return {
            {"columns", columns}, {"jobs", jobs}, {"total", 1234}, {"limit", 100}, {"offset", 7}};
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

    static std::vector<tl::job::BrowseEntry> entries(const std::string& prefix) {
        std::vector<tl::job::BrowseEntry> out;
        std::int64_t n = 0;
        for (const auto& text : awkward_texts()) {
            tl::job::BrowseEntry e;
            e.name = prefix + text;
            e.path = "dir/" + e.name;
            e.kind = n % 2 ? 1 : 0;
            e.size = 1000u * static_cast<std::uint64_t>(n) + (n == 3 ? (1ull << 63) : 0);
            e.mtime_ns = 1764900000123456789 + n;
            e.job_id = 40 + n++;
            out.push_back(e);
        }
        return out;
    }

    // The document GET /v1/files built before it wrote text.
    static nlohmann::json file_page_document(
        const std::vector<std::pair<std::string, std::vector<tl::job::BrowseEntry>>>& views,
        const std::string& dir, bool compact, const nlohmann::json& next) {
        nlohmann::json items = nlohmann::json::array();
        for (const auto& [source, es] : views) {
            if (!compact) {
                for (const auto& e : es)
                    items.push_back({{"name", tl::path_json(e.name)},
                                     {"path", tl::path_json(e.path)},
                                     {"dir", e.kind == 1},
                                     {"size", e.size},
                                     {"job", e.job_id},
                                     {"source", tl::path_json(source)},
                                     {"mtime", e.mtime_ns / 1'000'000'000}});
                continue;
            }
            if (es.empty()) continue;
            nlohmann::json rows = nlohmann::json::array();
            for (const auto& e : es)
                rows.push_back(
                    nlohmann::json::array({tl::path_json(e.name), e.kind == 1, e.size, e.job_id}));
            items.push_back({{"source", tl::path_json(source)},
                             {"dir", tl::path_json(dir)},
                             {"entries", std::move(rows)}});
        }
        if (!compact) return {{"entries", items}, {"next", next}};
        return {{"columns", {"name", "dir", "size", "job"}}, {"views", items}, {"next", next}};
    }

private Q_SLOTS:
    void filePageTextIsTheDocumentsDump() {
        const std::vector<std::pair<std::string, std::vector<tl::job::BrowseEntry>>> views = {
            {"/srv/a", entries("x")}, {"/srv/\xff b", {}}, {"/srv/c\"q", entries("\xc3\xa9")}};
        for (const std::string& dir : {std::string(), std::string("sub/\xfe")})
            for (bool compact : {false, true})
                for (const auto& next : {std::optional<std::string>(),
                                         std::optional<std::string>("2:caf\xc3\xa9 \"x\"")}) {
                    tl::shapes::FilePageText page(compact);
                    for (const auto& [source, es] : views)
                        page.add(source, dir, es);
                    const nlohmann::json next_json =
                        next ? nlohmann::json(*next) : nlohmann::json(nullptr);
                    QCOMPARE(QString::fromStdString(page.done(next)),
                             QString::fromStdString(
                                 dumped(file_page_document(views, dir, compact, next_json))));
                }
        for (bool compact : {false, true})
            QCOMPARE(QString::fromStdString(tl::shapes::FilePageText(compact).done({})),
                     QString::fromStdString(dumped(file_page_document({}, "", compact, nullptr))));
    }

    void clientReadsBackEveryEntryOfAFilePage() {
        const std::vector<std::pair<std::string, std::vector<tl::job::BrowseEntry>>> views = {
            {"/srv/a", entries("x")}, {"/srv/\xff b", {}}, {"/srv/c\"q", entries("\xc3\xa9")}};
        const std::string dir = "sub/\xfe";
        for (bool compact : {true, false}) {
            tl::shapes::FilePageText text(compact);
            for (const auto& [source, es] : views)
                text.add(source, dir, es);
            auto page = tl::client::file_page_from_text(text.done(std::string("2:n")));
            QVERIFY2(page, page ? "" : page.error().message.c_str());
            QCOMPARE(page->next, std::string("2:n"));
            std::size_t i = 0;
            for (const auto& [source, es] : views)
                for (const auto& want : es) {
                    QVERIFY(i < page->entries.size());
                    const auto& got = page->entries[i++];
                    // Names that are no UTF-8 come back byte for byte ({"hex"} on the way).
                    QCOMPARE(got.name, want.name);
                    QCOMPARE(got.path, compact ? dir + "/" + want.name : want.path);
                    QCOMPARE(got.dir, want.kind == 1);
                    QCOMPARE(got.size, want.size);
                    QCOMPARE(got.job, want.job_id);
                    QCOMPARE(got.source, source);
                    QCOMPARE(got.mtime, compact ? 0LL : want.mtime_ns / 1'000'000'000);
                }
            QCOMPARE(page->entries.size(), i);
        }
        auto last = tl::client::file_page_from_text(tl::shapes::FilePageText(true).done({}));
        QVERIFY(last);
        QVERIFY(last->entries.empty());
        QVERIFY(last->next.empty());
    }

    void aFilePageThatIsNotOneIsAnError() {
        for (const std::string& bad : std::vector<std::string>{
                 "", "[]", "{\"views\":[{\"entries\":[[\"a\",1,2,3]]}]}",
                 "{\"views\":[{\"entries\":[[\"a\",true,-2,3]]}]}",
                 "{\"views\":[{\"entries\":[[\"a\",true,2]]}]}",
                 "{\"views\":[{\"entries\":[[{\"hex\":\"zz\"},true,2,3]]}]}",
                 "{\"views\":[{\"source\":{\"hex\":\"41\",\"x\":1},\"entries\":[]}]}",
                 "{\"views\":[]}x", "{\"entries\":7}"}) {
            auto page = tl::client::file_page_from_text(bad);
            QVERIFY2(!page, bad.c_str());
            QCOMPARE(page.error().kind, tl::ErrorKind::Corrupt);
        }
        // A column a later service adds after the four is skipped.
        auto page = tl::client::file_page_from_text(
            R"({"columns":["name","dir","size","job","x"],"next":null,"views":[{"dir":"d",)"
            R"("entries":[["a",false,5,9,{"x":[1]}]],"source":{"hex":"2f41"}}]})");
        QVERIFY2(page, page ? "" : page.error().message.c_str());
        QCOMPARE(page->entries.size(), std::size_t{1});
        QCOMPARE(page->entries[0].path, std::string("d/a"));
        QCOMPARE(page->entries[0].source, std::string("/A"));
        QCOMPARE(page->entries[0].size, std::uint64_t{5});
    }

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
            const auto compact = tl::shapes::job_page_text(rs, {1234, 100, 7, rates, true});
            QCOMPARE(QString::fromStdString(compact),
                     QString::fromStdString(dumped(compact_page_document(rs, rates))));
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

    void compactRowsFollowTheColumnsTheyAreGiven() {
        auto page = tl::client::job_page_from_text(
            R"({"columns":["status","id","later","name"],"jobs":[["failed",4,{"x":[1]},"n","more"]],)"
            R"("total":1})");
        QVERIFY2(page, page ? "" : page.error().message.c_str());
        QCOMPARE(page->rows.size(), std::size_t{1});
        QCOMPARE(page->rows[0].status, std::string("failed"));
        QCOMPARE(page->rows[0].id, 4);
        QCOMPARE(page->rows[0].name, std::string("n"));
        // A row shorter than its columns, or rows as arrays without columns, are no page.
        for (const char* bad : {R"({"columns":["id","name"],"jobs":[[4]]})", R"({"jobs":[[4]]})"})
            QVERIFY2(!tl::client::job_page_from_text(bad), bad);
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

QTEST_GUILESS_MAIN(TestPageText)
#include "test_page_text.moc"
