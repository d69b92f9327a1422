#pragma once
// Which key a backup writes with (docs/media.md "Encryption"): the job's --encryption/--key
// or, when the job names none, its pool's. Each media session then gets its own chunk cipher
// (crypto/session_cipher.h) and records the key id in the catalog and its session header.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"
#include "crypto/secret.h"
#include "format/chunk_seal.h"
#include "format/session_header.h"
#include "format/uuid.h"
#include "job/chunk_sealer.h"

namespace tl::job {

struct EncryptionChoice {
    std::string encryption;            // "" = as the pool; "none" | "aes-256-gcm"
    std::string key;                   // key name; "" = as the pool
    std::optional<bool> encrypt_names; // unset = as the pool (default on)
};

class BackupEncryption final {
public:
    // Resolves the choice against the pool and loads the key from <home>/keys. InvalidArgument
    // for an unknown algorithm or a missing --key; NotFound for a key not in the store.
    static Result<BackupEncryption> resolve(catalog::Db& db, const std::string& home,
                                            std::int64_t pool_id, const EncryptionChoice& choice);
    bool enabled() const { return header_.enabled(); }
    // What the session header and the sessions row record.
    const format::SessionEncryption& header() const { return header_; }
    // A new cipher for one media session (its key derived from the session UUID).
    Result<std::shared_ptr<const format::ChunkCipher>> cipher_for(const format::Uuid& s) const;
    // The sealer of one stream of media session `s` (job/chunk_sealer.h), with a cipher of its
    // own for the stream's reader thread; nullptr when the backup is written in clear.
    Result<std::unique_ptr<ChunkSealer>> sealer_for(const format::Uuid& s, std::uint32_t stream_id,
                                                    std::size_t block_size) const;

private:
    format::SessionEncryption header_;
    crypto::SecretKey key_;
};

// The key a save set needs must be in the store: KeyMissing naming the key id otherwise
// (checked before a restore writes anything).
Status require_saveset_key(catalog::Db& db, const std::string& home, std::int64_t saveset_id);

// The key ids that the save set `saveset_id` (or, when 0, every save set of job `job_id`)
// needs and that <home>/keys lacks, each once: what a console asks the user to import before
// a restore starts.
Result<std::vector<std::string>> missing_keys(catalog::Db& db, const std::string& home,
                                              std::int64_t saveset_id, std::int64_t job_id);

// Records a session's key id (NULL when clear) in the catalog.
Status record_session_encryption(catalog::Db& db, std::int64_t session_id,
                                 const format::SessionEncryption& e);

} // namespace tl::job
