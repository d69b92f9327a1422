#include "bench/scratch_backup.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <stdlib.h>

#include "bench/passes.h"
#include "bench/tar_pass.h"
#include "common/version.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "crypto/key_store.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "job/backup_job.h"
#include "job/label_job.h"
#include "media/volume_actions.h"

namespace tl::bench {

ScratchDir::~ScratchDir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
}

Result<std::string> make_scratch_dir(const std::string& scratch, const std::string& option) {
    std::string tmpl = scratch + "/tapeloom-bench-XXXXXX";
    if (!::mkdtemp(tmpl.data()))
        return make_error(ErrorKind::Io, "cannot create a temporary directory in " + scratch +
                                             " (" + std::strerror(errno) + "); pass " + option +
                                             " DIR naming an existing, writable directory");
    return tmpl;
}

Status cancelled_check(std::atomic<bool>* cancel) {
    if (cancel && cancel->load())
        return make_error(ErrorKind::Cancelled, "bench cancelled; its temporary data is removed");
    return {};
}

Result<std::unique_ptr<Engine>> open_bench_engine(const std::string& home, Clock& clock) {
    EngineOptions eo;
    eo.home = home;
    eo.clock = &clock;
    eo.log_to_file = false;
    return Engine::open(eo);
}

Status add_bench_library(Engine& engine, std::size_t drives, std::uint64_t bytes,
                         const std::optional<nlohmann::json>& streaming,
                         const std::optional<nlohmann::json>& model) {
    device::VirtualLibrarySpec spec;
    spec.name = "bench";
    spec.drives = static_cast<int>(std::max<std::size_t>(drives, 1));
    spec.storage_slots = spec.drives + 2;
    spec.mail = 1;
    spec.prefix = "BEN";
    // Any one drive may get every byte (sources are dealt, not balanced); framing and labels
    // add a little. Nothing is preallocated, so a generous figure costs nothing.
    spec.capacity = bytes + bytes / 8 + (256ull << 20);
    spec.streaming = streaming;
    spec.model = model;
    auto lib = device::add_virtual_library(engine_catalog(engine), engine.home(), spec);
    if (!lib) return lib.error();
    return {};
}

namespace {
// Drives paced like tape: the cartridges are labeled before the timed backup, as a site labels
// its cartridges once, so the figure is the backup's and not the labels' (written one at a
// time, each with its synchronous filemark and catalog transaction).
Status label_bench_cartridges(Engine& engine, std::size_t block_size) {
    auto lib = device::open_library(engine_catalog(engine), engine.home(), "bench", engine.clock());
    if (!lib) return lib.error();
    media::BlankLabelOptions o;
    o.pool = "Default";
    o.block_size = static_cast<std::uint32_t>(block_size);
    o.reason = "labeled by the bench before its timed backup";
    o.engine_version = engine_version();
    auto r = media::label_all_blank_reserved(engine, *lib.value(), o);
    if (!r) return r.error();
    if (r->stopped) return *r->stopped;
    return {};
}

// Library "bench" added to `engine`'s data directory, its cartridges labeled where the drives
// are paced like tape (label_bench_cartridges).
Status set_up_bench_library(Engine& engine, const ScratchBackup& b) {
    TL_TRY(add_bench_library(engine, b.drives, b.bytes, b.streaming, b.model));
    if (!b.null_drives && (b.streaming || b.model))
        TL_TRY(label_bench_cartridges(engine, b.block_size));
    return {};
}
} // namespace

Result<job::JobReport> backup_to_scratch(const ScratchBackup& b, const std::string& home,
                                         Clock& clock) {
    auto engine = open_bench_engine(home, clock);
    if (!engine) return engine.error();
    TL_TRY(set_up_bench_library(*engine.value(), b));
    return run_scratch_backup(*engine.value(), b, clock);
}

Result<TimedBackup> timed_backup_to_scratch(const ScratchBackup& b, const std::string& home,
                                            Clock& clock) {
    {
        auto setup = open_bench_engine(home, clock);
        if (!setup) return setup.error();
        TL_TRY(set_up_bench_library(*setup.value(), b));
    }
    TL_TRY(sync_filesystem(home));
    TimedBackup t;
    const PassTiming timing{clock};
    {
        auto engine = open_bench_engine(home, clock);
        if (!engine) return engine.error();
        auto rep = run_scratch_backup(*engine.value(), b, clock);
        if (!rep) return rep.error();
        t.report = std::move(rep.value());
    }
    TL_TRY(sync_filesystem(home));
    t.seconds = timing.seconds();
    t.cpu_seconds = timing.cpu_seconds();
    return t;
}

Result<job::JobReport> run_scratch_backup(Engine& engine, const ScratchBackup& b, Clock& clock) {
    job::BackupOptions bo;
    bo.sources = b.sources;
    bo.library = "bench";
    bo.drives = b.drives;
    bo.sessions_per_drive = b.sessions_per_drive;
    bo.block_size = b.block_size;
    bo.read_buffer = 2u << 20; // the seeds' 2 MB read buffer
    bo.poll_interval = b.poll_interval;
    bo.name = "bench";
    bo.null_drives = b.null_drives;
    if (b.encryption != "none") {
        auto key =
            crypto::KeyStore::in_home(engine.home()).create("bench", to_unix_seconds(clock.wall()));
        if (!key) return key.error();
        bo.encryption = {b.encryption, key->name, {}};
    }
    auto rep = job::run_backup(engine, bo, {}, b.cancel);
    if (!rep) return rep.error();
    if (rep->status == "cancelled")
        return make_error(ErrorKind::Cancelled, "bench cancelled; its temporary data is removed");
    if (rep->status == "failed")
        return make_error(ErrorKind::Io, "the bench backup failed: " + rep->error);
    return rep;
}

} // namespace tl::bench
