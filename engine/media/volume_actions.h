#pragma once
// Volume actions (docs/media.md): label, relabel, recycle, mark a state, and where a volume is
// (off-site, moved between sites, back on site). The one implementation behind `tapeloom-cli
// volume label|relabel|recycle|mark` and the console's Media and Library pages.
//
// Contract: plain functions over the caller's catalog connection, plus an open library where
// the changer is needed. A refusal changes nothing and returns an Error whose kind and message
// are the ones `tapeloom-cli` prints (they name the CLI command that helps); with a `Refusal*`
// the caller also gets the same facts as data, to word the refusal itself (the console does).
// History texts (`reason`) are the caller's. Each write is one catalog transaction, except a
// relabel: the recycle before the label and the label itself (media/labeler.h) are two.
// Units: times are unix seconds (`now`, from the caller's injected Clock; labeling takes the
// Clock itself); block sizes are bytes.
// Thread-safety: none of its own; the caller serializes use of `db` and `lib` (the console
// runs these on the EngineGate's worker thread).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"
#include "common/clock.h"
#include "common/result.h"
#include "device/library.h"
#include "format/constants.h"
#include "media/labeler.h"
#include "media/pool.h"
#include "media/volume_catalog.h"
#include "media/volume_state.h"

namespace tl::media {

enum class Refused {
    Nothing,          // not a refusal: an error of the catalog, the library or the drive
    Cleaning,         // label: a cleaning cartridge is never labeled
    LabeledAlready,   // label: the volume is not blank (relabel it)
    Kept,             // relabel / recycle without force: jobs on it are still kept
    NotInLibrary,     // label: the cartridge is not in the library
    NoLocation,       // mark offsite / move: no location given
    InLibrary,        // mark offsite: the changer has it in a slot or a drive
    CatalogDisagrees, // mark offsite: the catalog has it in the library, the changer not
};

// Why an action was refused, as data (the Error's message says the same in words).
struct Refusal {
    Refused what = Refused::Nothing;
    std::string barcode;
    std::string detail;             // Cleaning: the state rules' reason
    std::string pool;               // LabeledAlready: its pool
    VolumeState state{};            // LabeledAlready: its state
    std::vector<std::int64_t> jobs; // Kept: the kept jobs
    long long kept_until = 0;       // Kept: when the last of their retentions ends (0: unknown)
    std::string library;            // NotInLibrary, InLibrary, CatalogDisagrees: its name
    std::string site;               // NotInLibrary: where the catalog has it outside, else ""
    std::string position;           // InLibrary: "slot 5", "drive 0 (from slot 5)"
};

// "YYYY-MM-DD HH:MM" in UTC, the time format of these messages.
std::string utc_minutes(long long unix_seconds);

// A label of a cartridge that was blank when it was asked for, and that another request (a
// label racing this one, a backup's auto-label) labeled while this one waited for it:
// NoMedium (exit 5), naming when and by what (its last history entry), nothing written.
Error labeled_meanwhile(catalog::Db& db, const VolumeRecord& v);

// ---- label / relabel: plan_label() reads the catalog and refuses; run_label() needs the library
// (open it in between, e.g. the one plan.known names).

struct LabelOptions {
    std::string barcode;
    std::string pool;     // "" = the volume's own pool, else "Default"
    bool relabel = false; // label a known volume again (NotFound for an unknown one)
    bool force = false;   // overwrite whatever is on it; a relabel discards kept data
    // Bytes; none: a relabel keeps the volume's own, else format::kDefaultBlockSize.
    std::optional<std::uint32_t> block_size;
    std::string reason;         // history of the label
    std::string recycle_reason; // history when a relabel first recycles a written volume
    std::string engine_version; // written into the label
};

struct LabelPlan {
    LabelOptions options;
    Pool pool;                         // the pool it is labeled into
    std::optional<VolumeRecord> known; // the catalog's volume, nullopt for a new cartridge
    long long now = 0;
};

// Refuses a cleaning cartridge (Cleaning), a label of a volume that is not blank (LabeledAlready),
// a relabel without force while jobs on it are kept (Kept). Writes nothing.
Result<LabelPlan> plan_label(catalog::Db& db, const LabelOptions& options, long long now,
                             Refusal* why = nullptr);

// Labels the planned cartridge in `lib` (refused when the changer does not have it: NotInLibrary):
// in `drive` when given (the one reserved for it, job/label_job.h), else the drive holding it,
// else the first empty drive, else drive 0; unloaded again afterwards. A relabel without force
// recycles a written volume first.
Result<LabelResult> run_label(catalog::Db& db, device::Library& lib, const LabelPlan& plan,
                              Clock& clock, Refusal* why = nullptr,
                              std::optional<std::size_t> drive = std::nullopt);

// `volume adopt`: records a cartridge carrying our own empty label that the catalog does not
// know, in the pool its label names (labeler.h adopt_volume), in the drive run_label would use.
Result<LabelResult> run_adopt(catalog::Db& db, device::Library& lib, const std::string& barcode,
                              Clock& clock, std::optional<std::size_t> drive = std::nullopt);

// ---- label every blank cartridge of a library

struct BlankLabelOptions {
    std::string pool;
    std::uint32_t block_size = static_cast<std::uint32_t>(format::kDefaultBlockSize); // bytes
    std::string reason;                                     // history of each label
    std::string engine_version;                             // written into the labels
    std::function<bool(const std::string& barcode)> accept; // empty: every barcode
    // Before each label: its number (1..n), n and the barcode.
    std::function<void(std::size_t i, std::size_t n, const std::string& barcode)> progress;
    // How one cartridge is labeled; empty: on a drive chosen here (job/label_job.h gives one
    // that reserves the cartridge and a drive first, for an engine running other jobs).
    std::function<Result<LabelResult>(const LabelRequest& request)> label_one;
};

struct BlankLabelOutcome {
    std::string barcode;
    std::optional<Error> error; // nullopt: labeled
};

struct BlankLabelReport {
    std::vector<BlankLabelOutcome> outcomes; // in the order labeled
    // An error that is not the cartridge's (the library, the catalog): the rest was not
    // tried; its outcome is the last one.
    std::optional<Error> stopped;
};

// Labels every cartridge of `lib` the catalog knows as blank or not at all (no cleaning cartridge,
// no empty barcode), one after the other. A cartridge holding something else (Foreign,
// WriteProtected, Corrupt) is skipped with its error; any other error stops the run
// (report.stopped). The drives used are unloaded at the end. An Error: nothing was tried.
Result<BlankLabelReport> label_all_blank(catalog::Db& db, device::Library& lib,
                                         const BlankLabelOptions& options, Clock& clock);

// ---- states

struct StateChange {
    VolumeRecord volume; // as it was found
    VolumeState state{}; // after the change
};

// `volume recycle`: refused without `force` while jobs on it are kept (Kept).
Result<StateChange> recycle_volume(catalog::Db& db, const std::string& barcode, bool force,
                                   const std::string& reason, long long now,
                                   Refusal* why = nullptr);

// `volume mark read-only|disabled|enabled|error`: `event` through the state rules.
Result<StateChange> mark_state(catalog::Db& db, const std::string& barcode, VolumeEvent event,
                               const std::string& reason, long long now);

// ---- where it is. `lib`: the volume's library, or null when none is open (nothing is checked
// against a changer then).

// Records the volume outside at `site` ("left for SITE"): refused without a site (NoLocation),
// while the changer has it anywhere but a mail slot (InLibrary), or when the catalog has it in
// `lib` and the changer does not (CatalogDisagrees). A virtual library's mail slot is emptied (its
// operator took the cartridge out).
Status mark_offsite(catalog::Db& db, device::Library* lib, const std::string& barcode,
                    const std::string& site, long long now, Refusal* why = nullptr);

// The same for a cartridge going elsewhere ("moved to SITE"); one outside already keeps the time it
// left.
Status move_volume(catalog::Db& db, device::Library* lib, const std::string& barcode,
                   const std::string& site, long long now, Refusal* why = nullptr);

// `volume mark onsite`: at its place in `lib` when the changer has it (as a robot move is
// recorded), else outside at "onsite"; history "back on site".
Status mark_onsite(catalog::Db& db, device::Library& lib, const std::string& barcode,
                   long long now);

} // namespace tl::media
