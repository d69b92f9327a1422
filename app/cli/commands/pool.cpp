// tapeloom-cli pool ...: pools and their retention / recycling policy (docs/media.md).
#include <iomanip>
#include <ostream>

#include "api/catalog_ops.h"
#include "api/media_ops.h"
#include "commands/commands.h"
#include "common/units.h"
#include "crypto/key_store.h"
#include "media/pool.h"
#include "shapes/pool_json.h"

namespace tl::cli {

namespace {
Result<std::int64_t> number(const std::string& opt, const std::string& v) {
    try {
        std::size_t used = 0;
        const long long n = std::stoll(v, &used);
        if (used == v.size() && n >= 0) return static_cast<std::int64_t>(n);
    } catch (...) {
    }
    return make_error(ErrorKind::InvalidArgument,
                      "--" + opt + " expects a number of 0 or more, not '" + v + "'");
}

// "30" or "30d" days.
Result<int> days(const std::string& opt, std::string v) {
    if (!v.empty() && v.back() == 'd') v.pop_back();
    auto n = number(opt, v);
    if (!n) return n.error();
    return static_cast<int>(n.value());
}

// "3600", "90s", "45m", "12h", "7d" as seconds.
Result<std::int64_t> duration(const std::string& opt, std::string v) {
    std::int64_t unit = 1;
    if (!v.empty()) {
        switch (v.back()) {
        case 's':
            unit = 1;
            break;
        case 'm':
            unit = 60;
            break;
        case 'h':
            unit = 3600;
            break;
        case 'd':
            unit = 86400;
            break;
        default:
            unit = 0;
        }
        if (unit)
            v.pop_back();
        else
            unit = 1;
    }
    auto n = number(opt, v);
    if (!n) return n.error();
    return n.value() * unit;
}

Result<bool> yes_no(const std::string& opt, const std::string& v, const char* yes, const char* no) {
    if (v == yes) return true;
    if (v == no) return false;
    return make_error(ErrorKind::InvalidArgument,
                      "--" + opt + " expects " + yes + " or " + no + ", not '" + v + "'");
}

} // namespace

Result<media::PoolChanges> pool_changes(const Args& a) {
    media::PoolChanges c;
    if (a.has("purpose")) c.purpose = a.get("purpose");
    if (a.has("retention")) {
        auto d = days("retention", a.get("retention"));
        if (!d) return d.error();
        c.retention_days = d.value();
    }
    if (a.has("file-retention")) {
        auto d = days("file-retention", a.get("file-retention"));
        if (!d) return d.error();
        c.file_retention_days = d.value();
    }
    if (a.has("max-jobs")) {
        auto n = number("max-jobs", a.get("max-jobs"));
        if (!n) return n.error();
        c.max_jobs = n.value();
    }
    if (a.has("max-bytes")) {
        auto n = a.get("max-bytes") == "0" ? Result<std::uint64_t>(0ull)
                                           : parse_size(a.get("max-bytes"));
        if (!n) return n.error();
        c.max_bytes = static_cast<std::int64_t>(n.value());
    }
    if (a.has("max-use")) {
        auto n = duration("max-use", a.get("max-use"));
        if (!n) return n.error();
        c.max_use_seconds = n.value();
    }
    if (a.has("recycle")) {
        auto b = yes_no("recycle", a.get("recycle"), "auto", "manual");
        if (!b) return b.error();
        c.auto_recycle = b.value();
    }
    if (a.has("auto-label")) {
        auto b = yes_no("auto-label", a.get("auto-label"), "yes", "no");
        if (!b) return b.error();
        c.auto_label = b.value();
    }
    if (a.has("encryption")) c.encryption = a.get("encryption");
    if (a.has("key")) c.key = a.get("key");
    if (a.has("encrypt-names")) {
        auto b = yes_no("encrypt-names", a.get("encrypt-names"), "yes", "no");
        if (!b) return b.error();
        c.encrypt_names = b.value();
    }
    return c;
}

namespace {

void print_pool(std::ostream& o, const client::Pool& p) {
    auto limit = [](std::int64_t v, const std::string& s) { return v ? s : std::string("-"); };
    o << std::left << std::setw(12) << p.name << std::setw(9) << p.purpose << std::setw(8)
      << std::to_string(p.retention_days) + "d" << std::setw(8)
      << std::to_string(p.file_retention_days) + "d" << std::setw(9)
      << limit(p.max_jobs, std::to_string(p.max_jobs)) << std::setw(10)
      << limit(p.max_bytes, format_bytes(static_cast<std::uint64_t>(p.max_bytes))) << std::setw(10)
      << limit(p.max_use_seconds, std::to_string(p.max_use_seconds) + "s") << std::setw(8)
      << p.recycle << std::setw(6) << (p.auto_label ? "yes" : "no") << std::setw(8) << p.volumes
      << (p.encryption == "none" ? "-" : p.encryption + " " + p.key) << "\n";
}

std::string pool_name_word(Context& ctx, const char* what) {
    const auto& w = ctx.args().words();
    (void)what;
    return w.empty() ? std::string() : w.front();
}

int list_pools(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    auto pools = media::list_pools(*e.value());
    if (!pools) return ctx.fail(pools.error());
    std::vector<client::Pool> typed;
    const CatalogHandle db(*e.value());
    for (const auto& p : pools.value()) {
        // What GET /v1/pools gives: the volumes the pool can write (catalog::usable_volumes).
        auto own = catalog::writable_volumes_in_library(db, p.id);
        if (!own) return ctx.fail(own.error());
        auto lent = catalog::scratch_volumes_in_library(db, p.id);
        if (!lent) return ctx.fail(lent.error());
        auto j = shapes::pool_json(p);
        j.update({{"writable_in_library", own.value()}, {"scratch_in_library", lent.value()}});
        auto t = client::pool_from_json(j);
        if (!t) return ctx.fail(t.error());
        typed.push_back(std::move(t.value()));
    }
    print_pools(ctx, typed);
    return 0;
}

int add_or_edit(Context& ctx, bool add) {
    const std::string name = pool_name_word(ctx, "pool");
    if (name.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   std::string("pool ") + (add ? "add" : "edit") +
                                       " needs a NAME; see tapeloom-cli pool list"));
    auto c = pool_changes(ctx.args());
    if (!c) return ctx.fail(c.error());
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    CatalogHandle db(*e.value());
    if (c->key && !c->key->empty()) // the key must exist before backups are pointed at it
        if (auto k = crypto::KeyStore::in_home(e.value()->home()).info(*c->key); !k)
            return ctx.fail(k.error());
    auto p = add ? media::add_pool(db, name, c.value(), to_unix_seconds(e.value()->clock().wall()))
                 : media::edit_pool(db, name, c.value());
    if (!p) return ctx.fail(p.error());
    if (ctx.json())
        ctx.print_json(shapes::pool_json(p.value()));
    else
        ctx.out() << "pool " << name << (add ? " added" : " changed") << "\n";
    return 0;
}

int remove_pool(Context& ctx) {
    const std::string name = pool_name_word(ctx, "pool");
    if (name.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "pool remove needs a NAME"));
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    if (auto st = media::remove_pool(*e.value(), name); !st) return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"removed", name}});
    else
        ctx.out() << "pool " << name << " removed\n";
    return 0;
}
} // namespace

void print_pools(Context& ctx, const std::vector<client::Pool>& pools) {
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& p : pools)
            arr.push_back(p.document);
        return ctx.print_json(arr);
    }
    ctx.out() << std::left << std::setw(12) << "POOL" << std::setw(9) << "PURPOSE" << std::setw(8)
              << "JOBS" << std::setw(8) << "FILES" << std::setw(9) << "MAXJOBS" << std::setw(10)
              << "MAXBYTES" << std::setw(10) << "MAXUSE" << std::setw(8) << "RECYCLE"
              << std::setw(6) << "AUTO" << std::setw(8) << "VOLUMES"
              << "ENCRYPTION\n";
    for (const auto& p : pools)
        print_pool(ctx.out(), p);
}

void add_pool_commands(Registry& r) {
    const std::set<std::string> opts = {"purpose",    "retention", "file-retention", "max-jobs",
                                        "max-bytes",  "max-use",   "recycle",        "auto-label",
                                        "encryption", "key",       "encrypt-names"};
    const std::string usage =
        "NAME [--purpose P] [--retention DAYS] [--file-retention DAYS] [--max-jobs N] "
        "[--max-bytes SIZE] [--max-use 7d] [--recycle auto|manual] [--auto-label yes|no] "
        "[--encryption none|aes-256-gcm] [--key NAME] [--encrypt-names yes|no]";
    r.push_back(
        {{"pool", "list"}, "", "pools and their retention and volume limits", {}, {}, list_pools});
    reads_only(r);
    r.push_back({{"pool", "add"}, usage, "create a pool", opts, {}, [](Context& c) {
                     return add_or_edit(c, true);
                 }});
    r.push_back({{"pool", "edit"}, usage, "change a pool's policy", opts, {}, [](Context& c) {
                     return add_or_edit(c, false);
                 }});
    r.push_back(
        {{"pool", "remove"}, "NAME", "remove a pool without volumes or jobs", {}, {}, remove_pool});
}

} // namespace tl::cli
