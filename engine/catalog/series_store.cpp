#include "catalog/series_store.h"

#include <cstring>
#include <string>

namespace tl::catalog {

namespace {
std::string pack(const std::vector<double>& v) {
    std::string out(v.size() * 4, '\0');
    for (std::size_t i = 0; i < v.size(); ++i) {
        const float f = static_cast<float>(v[i]);
        std::uint32_t u;
        std::memcpy(&u, &f, 4);
        for (int b = 0; b < 4; ++b)
            out[i * 4 + static_cast<std::size_t>(b)] = static_cast<char>((u >> (8 * b)) & 0xff);
    }
    return out;
}

std::vector<double> unpack(const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::vector<double> out(bytes / 4);
    for (std::size_t i = 0; i < out.size(); ++i) {
        std::uint32_t u = 0;
        for (int b = 0; b < 4; ++b)
            u |= static_cast<std::uint32_t>(p[i * 4 + static_cast<std::size_t>(b)]) << (8 * b);
        float f;
        std::memcpy(&f, &u, 4);
        out[i] = f;
    }
    return out;
}
} // namespace

Status save_series(Db& db, std::int64_t job_id, const metrics::SeriesSet& s) {
    auto tx = Transaction::begin(db);
    if (!tx) return tx.error();
    auto del = db.prepare("DELETE FROM job_series WHERE job_id=?");
    if (!del) return del.error();
    TL_TRY(del->bind(1, job_id).run());
    auto ins =
        db.prepare("INSERT INTO job_series(job_id, name, ord, unit, data) VALUES(?,?,?,?,?)");
    if (!ins) return ins.error();
    std::int64_t ord = 0;
    auto put = [&](const std::string& name, const std::string& unit,
                   const std::vector<double>& v) -> Status {
        const std::string blob = pack(v);
        return ins->bind(1, job_id)
            .bind(2, name)
            .bind(3, ord++)
            .bind(4, unit)
            .bind_blob(5, blob.data(), blob.size())
            .run();
    };
    TL_TRY(put("time", "s", s.times));
    for (const auto& x : s.series)
        TL_TRY(put(x.name, x.unit, x.values));
    return tx->commit();
}

Result<metrics::SeriesSet> load_series(Db& db, std::int64_t job_id) {
    metrics::SeriesSet out;
    auto q = db.prepare("SELECT name, unit, data FROM job_series WHERE job_id=? ORDER BY ord");
    if (!q) return q.error();
    q->bind(1, job_id);
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        const auto blob = q->blob(2);
        auto values = unpack(blob.data(), blob.size());
        if (q->text(0) == "time")
            out.times = std::move(values);
        else
            out.series.push_back({q->text(0), q->text(1), std::move(values)});
    }
    return out;
}

} // namespace tl::catalog
