#include "job/sealed_blocks.h"

#include <algorithm>

#include "crypto/session_cipher.h"

namespace tl::job {

Result<std::unique_ptr<format::ChunkCipher>>
open_session_cipher(const crypto::KeyStore& store, const std::string& key_id,
                    std::span<const std::uint8_t> session_uuid) {
    if (key_id.empty()) return std::unique_ptr<format::ChunkCipher>();
    auto c = crypto::session_cipher(store, key_id, uuid_of(session_uuid));
    if (!c) return c.error();
    return std::unique_ptr<format::ChunkCipher>(std::move(c.value()));
}

format::Uuid uuid_of(std::span<const std::uint8_t> bytes) {
    format::Uuid u;
    std::copy_n(bytes.begin(), std::min(bytes.size(), u.bytes.size()), u.bytes.begin());
    return u;
}

Status unseal(std::uint8_t* block, format::ParsedBlock& parsed, const format::ChunkCipher* cipher,
              const format::Uuid* seal_session) {
    auto n = format::unseal_chunks(block, parsed.header, parsed.chunks, cipher, seal_session);
    if (!n) return n.error();
    return {};
}

} // namespace tl::job
