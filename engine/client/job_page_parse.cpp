// job_page_from_text (jobs.h): GET /v1/jobs's answer read straight into rows with a JsonCursor,
// without a document: the whole history is the API's largest answer, and parsing it into a
// document of thousands of objects cost the client three times what the service spent on it.
#include <string>
#include <vector>

#include "client/jobs.h"
#include "client/json_cursor.h"

namespace tl::client {

namespace {

// A row's fields by their keys (GET /v1/jobs, docs/openapi.yaml JobRow).
enum class RowField {
    Other,
    Id,
    Kind,
    Name,
    Level,
    Status,
    WaitingFor,
    Started,
    Ended,
    Files,
    Bytes,
    Elapsed,
    WallRate,
    SustainedRate
};

RowField row_field(std::string_view key) {
    static constexpr std::pair<std::string_view, RowField> kFields[] = {
        {"id", RowField::Id},
        {"kind", RowField::Kind},
        {"name", RowField::Name},
        {"level", RowField::Level},
        {"status", RowField::Status},
        {"waiting_for", RowField::WaitingFor},
        {"started", RowField::Started},
        {"ended", RowField::Ended},
        {"files", RowField::Files},
        {"bytes", RowField::Bytes},
        {"elapsed_s", RowField::Elapsed},
        {"wall_rate_Bps", RowField::WallRate},
        {"sustained_rate_Bps", RowField::SustainedRate}};
    // The first character and the length pick the field before one comparison of the text.
    for (const auto& [name, field] : kFields)
        if (name.size() == key.size() && name[0] == key[0] && name == key) return field;
    return RowField::Other;
}

std::string* row_text(JobRow& row, RowField f) {
    switch (f) {
    case RowField::Kind:
        return &row.kind;
    case RowField::Name:
        return &row.name;
    case RowField::Level:
        return &row.level;
    case RowField::Status:
        return &row.status;
    case RowField::WaitingFor:
        return &row.waiting_for;
    default:
        return nullptr;
    }
}

double* row_rate(JobRow& row, RowField f) {
    switch (f) {
    case RowField::Elapsed:
        return &row.elapsed_s;
    case RowField::WallRate:
        return &row.wall_rate_Bps;
    case RowField::SustainedRate:
        return &row.sustained_rate_Bps;
    default:
        return nullptr;
    }
}

// One value of a row into field `f`; a value of a field it does not know is skipped.
bool read_row_value(JsonCursor& in, RowField f, JobRow& row) {
    if (f == RowField::Other) return in.skip_value();
    if (std::string* text = row_text(row, f)) return in.string_or_null(*text);
    std::int64_t whole = 0;
    double value = 0;
    if (!in.number(whole, value)) return false;
    if (double* rate = row_rate(row, f)) *rate = value;
    const auto count = static_cast<std::uint64_t>(whole > 0 ? whole : 0);
    switch (f) {
    case RowField::Id:
        row.id = whole;
        break;
    case RowField::Started:
        row.started = whole;
        break;
    case RowField::Ended:
        row.ended = whole;
        break;
    case RowField::Files:
        row.files = count;
        break;
    case RowField::Bytes:
        row.bytes = count;
        break;
    default:
        break;
    }
    return true;
}

// A row as an object, or (a compact page) as an array of the page's columns.
bool read_row(JsonCursor& in, const std::vector<RowField>& columns, JobRow& row) {
    if (!in.next_is('['))
        return in.object(
            [&](std::string_view key) { return read_row_value(in, row_field(key), row); });
    if (columns.empty()) return false; // rows as arrays need the page's columns first
    std::size_t i = 0;
    const bool read = in.array([&] {
        // Values past the columns it was told of are skipped.
        return i < columns.size() ? read_row_value(in, columns[i++], row) : in.skip_value();
    });
    return read && i == columns.size(); // a row shorter than its columns is none
}

} // namespace

Result<JobPage> job_page_from_text(std::string_view text) {
    JsonCursor in(text);
    JobPage page;
    bool saw_jobs = false;
    std::vector<RowField> columns; // before "jobs", as the service writes them
    const bool read = in.object([&](std::string_view key) {
        if (key == "columns")
            return in.array([&] {
                std::string_view name;
                if (!in.string_view(name)) return false;
                columns.push_back(row_field(name));
                return true;
            });
        if (key == "jobs") {
            saw_jobs = true;
            return in.array([&] { return read_row(in, columns, page.rows.emplace_back()); });
        }
        if (key != "total") return in.skip_value();
        double value = 0;
        return in.number(page.total, value);
    });
    if (!read || !in.at_end())
        return make_error(ErrorKind::Io, "the service's job page is not JSON");
    if (!saw_jobs) return make_error(ErrorKind::Io, "the service's job page has no jobs");
    return page;
}

} // namespace tl::client
