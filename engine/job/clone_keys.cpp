#include "job/clone_keys.h"

#include "crypto/key_store.h"
#include "job/sealed_blocks.h"

namespace tl::media {

std::string SessionSealing::describe() const {
    switch (how) {
    case KeyHandling::Clear:
        return "clear";
    case KeyHandling::SealedForPool:
        return "sealed with " + copy_key_id();
    case KeyHandling::CopiedSealed:
        return "copied sealed (" + source.key_id + ")";
    case KeyHandling::Reencrypted:
        return "re-encrypted to " + copy_key_id();
    }
    return "clear";
}

std::string SessionSealing::copy_key_id() const {
    if (how == KeyHandling::CopiedSealed) return source.key_id;
    return pool ? pool->header().key_id : std::string();
}

namespace {
Result<job::BackupEncryption> pool_encryption(catalog::Db& db, const std::string& home,
                                              std::int64_t pool) {
    return job::BackupEncryption::resolve(db, home, pool, {});
}
} // namespace

Result<SessionSealing> plan_sealing(catalog::Db& db, const std::string& home,
                                    std::int64_t original_session, std::int64_t target_pool,
                                    bool reencrypt) {
    auto seal = catalog::session_seal(db, original_session);
    if (!seal) return seal.error();
    if (!seal.value())
        return make_error(ErrorKind::NotFound,
                          "media session " + std::to_string(original_session) + " is gone");
    SessionSealing out;
    out.source = *seal.value();
    if (out.source.key_id.empty() || reencrypt) {
        auto pool = pool_encryption(db, home, target_pool);
        if (!pool) return pool.error();
        if (pool->enabled()) out.pool = std::move(pool.value());
    }
    if (out.source.key_id.empty()) {
        out.how = out.pool ? KeyHandling::SealedForPool : KeyHandling::Clear;
        return out;
    }
    if (!reencrypt) {
        out.how = KeyHandling::CopiedSealed;
        return out;
    }
    if (!out.pool)
        return make_error(ErrorKind::InvalidArgument,
                          "--reencrypt seals the copy with the target pool's key, and the target "
                          "pool has none; give it one (tapeloom-cli pool edit POOL --encryption "
                          "aes-256-gcm --key NAME) or clone without --reencrypt to copy the "
                          "save sets sealed as they are; nothing was changed");
    // The original is opened with its key: it must be at hand before anything is written.
    auto key = crypto::KeyStore::in_home(home).load(out.source.key_id);
    if (!key) return key.error();
    out.how = KeyHandling::Reencrypted;
    return out;
}

Status apply_sealing(const SessionSealing& s, catalog::Db& db, job::DriveWorkerConfig& cfg) {
    switch (s.how) {
    case KeyHandling::Clear:
        return {};
    case KeyHandling::SealedForPool:
    case KeyHandling::Reencrypted: {
        auto cipher = s.pool->cipher_for(cfg.session_uuid);
        if (!cipher) return cipher.error();
        cfg.cipher = std::move(cipher.value());
        cfg.encryption = s.pool->header();
        return job::record_session_encryption(db, cfg.session_id, cfg.encryption);
    }
    case KeyHandling::CopiedSealed: {
        // The copy's control stream stays clear and lists no file (nothing is decrypted to
        // index), so its names are not readable: names_sealed says whether the control
        // stream itself is sealed, which it is not.
        cfg.cipher.reset();
        cfg.encryption.cipher = format::SessionCipher::Aes256Gcm;
        cfg.encryption.names_sealed = false;
        cfg.encryption.key_id = s.source.key_id;
        const std::string& u = s.source.seal_uuid;
        cfg.encryption.seal_session =
            job::uuid_of({reinterpret_cast<const std::uint8_t*>(u.data()), u.size()});
        return job::record_session_encryption(db, cfg.session_id, cfg.encryption);
    }
    }
    return {};
}

} // namespace tl::media
