#pragma once
// The typed door's libraries (api.h): cartridge moves of a library's changer, its reconcile and
// the labeling of its blank cartridges.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "media/reconcile.h"

namespace tl::client {

// A configured library, as `library list --json` shows one; `document` is that row as sent.
struct Library {
    std::string name;
    std::string kind;   // virtual | mtx
    std::string device; // virtual: its folder under the data directory; mtx: /dev/sgN
    std::int64_t drives = 0;
    nlohmann::json document;
};

// What a move did, as `library load|unload|transfer|import --json` says it.
struct CartridgeMoved {
    std::string library;
    std::string done; // "loaded slot 5 into drive 1"
};

struct LoadRequest {
    int slot = 0;
    int drive = 0;
};
struct UnloadRequest {
    int drive = 0;
    std::optional<int> slot; // none: the slot it came from
};
struct TransferRequest {
    int from = 0, to = 0; // storage slots
};
struct ImportRequest {
    int mail = 0; // mail slot, from 1
    int to = 0;   // storage slot
};

struct ExportRequest {
    int slot = 0; // storage slot
    int mail = 0; // mail slot, from 1
};

// The same by the cartridge's barcode: the service finds its storage slot (one in a drive is
// refused, Busy).
struct ExportByBarcodeRequest {
    std::string barcode;
    int mail = 0; // mail slot, from 1
};

// POST /v1/libraries/{name}/insert: a cartridge from outside into a virtual library's mail slot.
struct InsertRequest {
    int mail = 0; // mail slot, from 1
    std::string barcode;
};

// POST /v1/volumes/label-blank: every blank cartridge of `library` ("": the default one) whose
// barcode matches `pattern` (a glob, any case; "": every one), into `pool`.
struct BlankLabelRequest {
    std::string pool;
    std::string pattern;
    std::string library;
    std::optional<std::uint32_t> block_size;
};

struct BlankSkipped {
    std::string barcode;
    std::string why;
};

struct BlankLabeled {
    std::string library, pool;
    std::vector<std::string> labeled; // in the order labeled
    std::vector<BlankSkipped> skipped;
};

// The libraries of GET /v1/libraries's {"libraries": [...]}; Io when it has none.
Result<std::vector<Library>> libraries_from_json(const nlohmann::json& j);
Result<BlankLabeled> blank_labeled_from_json(const nlohmann::json& j);
// The "differences" of POST /v1/libraries/{name}/reconcile's answer; Io when it has none.
Result<std::vector<media::Difference>> differences_from_json(const nlohmann::json& j);

// GET /v1/libraries/{name}: a library's drives and slot counts, as `library status` shows
// them. A drive a job uses names it (`used_by`) and is not opened; a free drive the service
// asked has `online` and `write_protected`, or `error` when it did not answer.
struct LibraryDrive {
    int drive = 0;
    std::string name, volume; // volume: the changer's barcode in it, "" when empty
    std::int64_t job_id = 0;
    std::string used_by;
    std::optional<bool> online, write_protected;
    std::optional<std::string> error;
    std::string activity; // what the job using it does there ("writing"), "" when not known
};

struct LibraryStatus {
    std::string library;
    std::vector<LibraryDrive> drives;
    // `slots` of the answer: storage slots (named so beside Qt, whose `slots` is a macro)
    int storage_slots = 0, storage_full = 0, mail_slots = 0, mail_slots_full = 0;
    nlohmann::json document; // `library status --json`
};

// One element of GET /v1/libraries/{name}/inventory: a drive (`number` its drive number, its
// `name` and the slot its cartridge came from), a storage slot or a mail slot (`number` its
// element number, `mail` from 1).
struct InventoryElement {
    int number = 0;
    bool full = false;
    std::string barcode;
    std::optional<int> source_slot;
    int mail = 0;
    std::string name;
};

struct LibraryInventory {
    std::string library;
    std::vector<InventoryElement> drives, storage, mail_slots; // storage: "slots"
    nlohmann::json document;                                   // `library inventory --json`
};

Result<LibraryStatus> library_status_from_json(const nlohmann::json& j);
Result<LibraryInventory> library_inventory_from_json(const nlohmann::json& j);

} // namespace tl::client
