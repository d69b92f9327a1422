#include "job/backup_encryption.h"

#include "crypto/key_store.h"
#include "crypto/session_cipher.h"
#include "job/backup_job.h"
#include "job/drive_worker.h"

namespace tl::job {

Result<BackupEncryption> BackupEncryption::resolve(catalog::Db& db, const std::string& home,
                                                   std::int64_t pool_id,
                                                   const EncryptionChoice& choice) {
    auto q = db.prepare("SELECT name, encryption, coalesce(key_name, ''), encrypt_names FROM pools "
                        "WHERE id=?");
    if (!q) return q.error();
    q->bind(1, pool_id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound, "pool #" + std::to_string(pool_id) + " is gone");
    const std::string pool = q->text(0);
    const bool job_chooses = !choice.encryption.empty();
    const std::string algorithm = job_chooses ? choice.encryption : q->text(1);
    std::string key_name = !choice.key.empty() ? choice.key : q->text(2);
    const bool names = choice.encrypt_names.value_or(q->i64(3) != 0);
    BackupEncryption out;
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
    out.header_ = {format::SessionCipher::Aes256Gcm, names, info->id};
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
Result<std::pair<std::string, bool>> session_key(catalog::Db& db, const char* sql,
                                                 std::int64_t id) {
    auto q = db.prepare(sql);
    if (!q) return q.error();
    q->bind(1, id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::pair<std::string, bool>{};
    return std::pair<std::string, bool>{q->text(0), q->i64(1) != 0};
}
} // namespace

Status inherit_session_encryption(catalog::Db& db, const std::string& home,
                                  std::int64_t original_session, std::int64_t target_pool,
                                  DriveWorkerConfig& cfg) {
    auto k = session_key(db, "SELECT coalesce(key_id, ''), names_sealed FROM sessions WHERE id=?",
                         original_session);
    if (!k) return k.error();
    if (k->first.empty()) {
        auto pool = BackupEncryption::resolve(db, home, target_pool, {});
        if (!pool) return pool.error();
        return encrypt_session(pool.value(), db, cfg);
    }
    auto key = crypto::KeyStore::in_home(home).load(k->first);
    if (!key) return key.error();
    auto c = crypto::SessionCipher::create(key.value(), cfg.session_uuid);
    if (!c) return c.error();
    cfg.cipher = std::shared_ptr<const format::ChunkCipher>(std::move(c.value()));
    cfg.encryption = {format::SessionCipher::Aes256Gcm, k->second, k->first};
    return record_session_encryption(db, cfg.session_id, cfg.encryption);
}

Status require_saveset_key(catalog::Db& db, const std::string& home, std::int64_t saveset_id) {
    auto k = session_key(db,
                         "SELECT coalesce(se.key_id, ''), se.names_sealed FROM savesets s JOIN "
                         "sessions se ON se.id=s.session_id WHERE s.id=?",
                         saveset_id);
    if (!k) return k.error();
    if (k->first.empty()) return {};
    auto key = crypto::KeyStore::in_home(home).load(k->first);
    if (!key) return key.error();
    return {};
}

Result<std::vector<std::string>> missing_keys(catalog::Db& db, const std::string& home,
                                              std::int64_t saveset_id, std::int64_t job_id) {
    auto q = db.prepare(saveset_id ? "SELECT DISTINCT coalesce(se.key_id, '') FROM savesets s "
                                     "JOIN sessions se ON se.id=s.session_id WHERE s.id=?"
                                   : "SELECT DISTINCT coalesce(se.key_id, '') FROM savesets s "
                                     "JOIN sessions se ON se.id=s.session_id WHERE s.job_id=? "
                                     "AND s.clone_of IS NULL");
    if (!q) return q.error();
    q->bind(1, saveset_id ? saveset_id : job_id);
    const auto store = crypto::KeyStore::in_home(home);
    std::vector<std::string> missing;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        const std::string id = q->text(0);
        if (id.empty()) continue;
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
    auto u = db.prepare("UPDATE sessions SET key_id=?, names_sealed=? WHERE id=?");
    if (!u) return u.error();
    return u->bind(1, e.key_id).bind(2, e.names_sealed ? 1 : 0).bind(3, session_id).run();
}

} // namespace tl::job
