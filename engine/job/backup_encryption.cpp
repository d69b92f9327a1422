#include "job/backup_encryption.h"

#include "catalog/media_use_store.h"
#include "catalog/session_store.h"
#include "crypto/key_store.h"
#include "crypto/session_cipher.h"
#include "job/backup_job.h"
#include "job/drive_worker.h"

namespace tl::job {

Result<BackupEncryption> BackupEncryption::resolve(catalog::Db& db, const std::string& home,
                                                   std::int64_t pool_id,
                                                   const EncryptionChoice& choice) {
    auto row = catalog::pool_encryption(db, pool_id);
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound, "pool #" + std::to_string(pool_id) + " is gone");
    const std::string pool = row.value()->name;
    const bool job_chooses = !choice.encryption.empty();
    const std::string algorithm = job_chooses ? choice.encryption : row.value()->encryption;
    std::string key_name = !choice.key.empty() ? choice.key : row.value()->key_name;
    const bool names = choice.encrypt_names.value_or(row.value()->encrypt_names);
    BackupEncryption out;
    if (!choice.key.empty()) // a key named is a key in the store, used or not (NotFound)
        if (auto named = crypto::KeyStore::in_home(home).info(choice.key); !named)
            return named.error();
    if (algorithm == "none") return out;
    if (algorithm != crypto::kAes256Gcm)
        return make_error(ErrorKind::InvalidArgument,
                          "--encryption must be none or aes-256-gcm, not '" + algorithm + "'");
    if (job_chooses && choice.key.empty() && key_name.empty())
        return make_error(ErrorKind::InvalidArgument, "--encryption " + algorithm +
                                                          " needs --key NAME (see tapeloom-cli key "
                                                          "list)");
    if (key_name.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "pool " + pool +
                              " is encrypted but names no key; set one with "
                              "tapeloom-cli pool edit " +
                              pool + " --key NAME");
    const auto store = crypto::KeyStore::in_home(home);
    auto info = store.info(key_name);
    if (!info) return info.error();
    auto key = store.load(info->id);
    if (!key) return key.error();
    out.header_ = {format::SessionCipher::Aes256Gcm, names, info->id, {}};
    out.key_ = std::move(key.value());
    return out;
}

Result<std::shared_ptr<const format::ChunkCipher>>
BackupEncryption::cipher_for(const format::Uuid& session) const {
    auto c = crypto::SessionCipher::create(key_, session);
    if (!c) return c.error();
    return std::shared_ptr<const format::ChunkCipher>(std::move(c.value()));
}

Result<std::unique_ptr<ChunkSealer>> BackupEncryption::sealer_for(const format::Uuid& session,
                                                                  std::uint32_t stream_id,
                                                                  std::size_t block_size) const {
    if (!enabled()) return std::unique_ptr<ChunkSealer>();
    auto c = crypto::SessionCipher::create(key_, session);
    if (!c) return c.error();
    return std::make_unique<ChunkSealer>(std::move(c.value()), session, stream_id, block_size);
}

namespace {
// (key id, names sealed) of a session, or of the session holding a save set.
Result<std::pair<std::string, bool>>
session_key(const Result<std::optional<catalog::SessionKey>>& k) {
    if (!k) return k.error();
    if (!k.value()) return std::pair<std::string, bool>{};
    return std::pair<std::string, bool>{k.value()->key_id, k.value()->names_sealed};
}
} // namespace

Status require_saveset_key(catalog::Db& db, const std::string& home, std::int64_t saveset_id) {
    auto k = session_key(catalog::saveset_session_key(db, saveset_id));
    if (!k) return k.error();
    if (k->first.empty()) return {};
    auto key = crypto::KeyStore::in_home(home).load(k->first);
    if (!key) return key.error();
    return {};
}

Result<std::vector<std::string>> missing_keys(catalog::Db& db, const std::string& home,
                                              std::int64_t saveset_id, std::int64_t job_id) {
    auto ids = catalog::needed_key_ids(db, saveset_id, job_id);
    if (!ids) return ids.error();
    const auto store = crypto::KeyStore::in_home(home);
    std::vector<std::string> missing;
    for (const auto& id : ids.value()) {
        auto key = store.load(id);
        if (key) continue;
        if (key.error().kind != ErrorKind::KeyMissing) return key.error();
        missing.push_back(id);
    }
    return missing;
}

Status record_session_encryption(catalog::Db& db, std::int64_t session_id,
                                 const format::SessionEncryption& e) {
    if (!e.enabled()) return {};
    TL_TRY(catalog::set_session_key(db, session_id, e.key_id, e.names_sealed));
    if (e.seal_session.is_nil()) return {};
    return catalog::set_copy_seal(db, session_id, e.seal_session.bytes.data());
}

} // namespace tl::job
