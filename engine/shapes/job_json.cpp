#include "shapes/job_json.h"

#include "shapes/json_text.h"

namespace tl::shapes {

nlohmann::json job_row_json(const catalog::JobRecord& j) {
    return {
        {"id", j.id},
        {"kind", j.kind},
        {"name", j.name},
        {"level", j.level},
        {"status", j.status},
        {"started", j.started},
        {"ended", j.ended},
        {"files", j.files},
        {"bytes", j.bytes},
        {"waiting_for", j.waiting_for.empty() ? nlohmann::json() : nlohmann::json(j.waiting_for)}};
}

namespace {
void append_field(std::string& out, const char* key, std::int64_t v) {
    out += '"';
    out += key;
    out += "\":";
    append_json_number(out, v);
    out += ',';
}
void append_field(std::string& out, const char* key, double v) {
    out += '"';
    out += key;
    out += "\":";
    append_json_number(out, v);
    out += ',';
}
void append_field(std::string& out, const char* key, const std::string& v) {
    out += '"';
    out += key;
    out += "\":";
    append_json_string(out, v);
    out += ',';
}

// The row's keys in dump()'s order (sorted), as job_row_json() and the rates.
void append_job_row(std::string& out, const catalog::JobRecord& j, bool with_rates) {
    out += '{';
    append_field(out, "bytes", j.bytes);
    if (with_rates) append_field(out, "elapsed_s", j.elapsed_s);
    append_field(out, "ended", static_cast<std::int64_t>(j.ended));
    append_field(out, "files", j.files);
    append_field(out, "id", j.id);
    append_field(out, "kind", j.kind);
    append_field(out, "level", j.level);
    append_field(out, "name", j.name);
    append_field(out, "started", static_cast<std::int64_t>(j.started));
    append_field(out, "status", j.status);
    if (with_rates) append_field(out, "sustained_rate_Bps", j.sustained_rate_Bps);
    out += "\"waiting_for\":";
    if (j.waiting_for.empty())
        out += "null";
    else
        append_json_string(out, j.waiting_for);
    if (with_rates) {
        out += ',';
        append_field(out, "wall_rate_Bps", j.wall_rate_Bps);
        out.pop_back();
    }
    out += '}';
}

// A row as an array of the compact page's columns: id, kind, name, level, status, started, ended,
// files, bytes, waiting_for[, elapsed_s, wall_rate_Bps, sustained_rate_Bps].
void append_job_row_array(std::string& out, const catalog::JobRecord& j, bool with_rates) {
    out += '[';
    append_json_number(out, j.id);
    for (const std::string* text : {&j.kind, &j.name, &j.level, &j.status}) {
        out += ',';
        append_json_string(out, *text);
    }
    for (std::int64_t n : {static_cast<std::int64_t>(j.started), static_cast<std::int64_t>(j.ended),
                           j.files, j.bytes}) {
        out += ',';
        append_json_number(out, n);
    }
    out += ',';
    if (j.waiting_for.empty())
        out += "null";
    else
        append_json_string(out, j.waiting_for);
    if (with_rates)
        for (double v : {j.elapsed_s, j.wall_rate_Bps, j.sustained_rate_Bps}) {
            out += ',';
            append_json_number(out, v);
        }
    out += ']';
}
} // namespace

std::string job_page_text(const std::vector<catalog::JobRecord>& rows, const JobPageShape& shape) {
    std::string out;
    out.reserve(128 + rows.size() * ((shape.compact ? 100 : 180) + (shape.with_rates ? 80 : 0)));
    out += '{';
    if (shape.compact) {
        out += R"("columns":["id","kind","name","level","status","started","ended","files",)"
               R"("bytes","waiting_for")";
        out += shape.with_rates ? R"(,"elapsed_s","wall_rate_Bps","sustained_rate_Bps"],)" : "],";
    }
    out += "\"jobs\":[";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (i) out += ',';
        if (shape.compact)
            append_job_row_array(out, rows[i], shape.with_rates);
        else
            append_job_row(out, rows[i], shape.with_rates);
    }
    out += "],";
    append_field(out, "limit", shape.limit);
    append_field(out, "offset", shape.offset);
    append_field(out, "total", shape.total);
    out.back() = '}';
    return out;
}

nlohmann::json job_report_json(nlohmann::json report,
                               const std::vector<media::CopyListing>& copies) {
    if (copies.empty()) return report;
    report["copies"] = nlohmann::json::array();
    for (const auto& c : copies)
        report["copies"].push_back({{"saveset", c.original},
                                    {"copy", c.copy},
                                    {"source", c.source},
                                    {"pool", c.pool},
                                    {"volumes", c.volumes}});
    return report;
}

nlohmann::json job_without_report_json(std::int64_t job_id, const std::string& status,
                                       const std::string& waiting_for) {
    nlohmann::json j = {{"job_id", job_id}, {"status", status}};
    if (!waiting_for.empty()) j["waiting_for"] = waiting_for;
    return j;
}

} // namespace tl::shapes
