#pragma once
// How a clone handles the keys of one media session it copies (docs/media.md "Cloning"):
//   - a session written in clear follows the target pool: sealed with its key, or clear;
//   - an encrypted session is copied sealed, as it is: its chunks keep their ciphertext, tags
//     and nonces (stream id + offset, docs/format.md §3.4), no key is needed, and the copy
//     records the original's session as the one whose chunk key opens them (seal_uuid);
//   - with --reencrypt, an encrypted session is opened with its key and sealed again with the
//     target pool's key, under the copy's own session key.
#include <cstdint>
#include <optional>
#include <string>

#include "catalog/clone_store.h"
#include "job/backup_encryption.h"
#include "job/drive_worker.h"

namespace tl::media {

enum class KeyHandling { Clear, SealedForPool, CopiedSealed, Reencrypted };

struct SessionSealing {
    KeyHandling how = KeyHandling::Clear;
    catalog::SessionSeal source;               // the original session's key and seal
    std::optional<job::BackupEncryption> pool; // SealedForPool, Reencrypted: the target's key
    // What the report says: "clear", "sealed with KEY", "copied sealed (KEY)",
    // "re-encrypted to KEY".
    std::string describe() const;
    // The key id the copy needs ("" = none).
    std::string copy_key_id() const;
};

// Decides before anything is written. InvalidArgument: --reencrypt to a pool without a key.
// KeyMissing (naming the key id): --reencrypt without the original's key, or a clear session
// into a pool whose key is not in <home>/keys.
Result<SessionSealing> plan_sealing(catalog::Db& db, const std::string& home,
                                    std::int64_t original_session, std::int64_t target_pool,
                                    bool reencrypt);

// Sets the copy session's writer (cipher, session header) and records its key (and for a copy
// made sealed, the original's session) in the catalog. `cfg` has the copy's session uuid and id.
Status apply_sealing(const SessionSealing& s, catalog::Db& db, job::DriveWorkerConfig& cfg);

} // namespace tl::media
