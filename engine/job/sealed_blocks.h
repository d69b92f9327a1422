#pragma once
// The reading side of encrypted sessions for the jobs that read media (restore, verify,
// clone, scan, volume ls): the session's chunk cipher from the key store, and opening a parsed
// block's sealed chunks in place (docs/format.md §3.4).
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "crypto/key_store.h"
#include "format/block.h"
#include "format/chunk_seal.h"

namespace tl::job {

// nullptr for a session written in clear (key_id ""); KeyMissing, naming the key id and how
// to import it, when the store does not hold the key. `session_uuid` is the session whose chunk
// key sealed the data: the session's own, or for a copy made sealed its original's
// (catalog::SavesetStream::seal_uuid, format::SessionEncryption::seal_session).
Result<std::unique_ptr<format::ChunkCipher>>
open_session_cipher(const crypto::KeyStore& store, const std::string& key_id,
                    std::span<const std::uint8_t> session_uuid);

// Opens the sealed chunks of `parsed` (which points into `block`). A chunk that fails its
// authentication is flagged (format::failed_auth) for the caller to report; KeyMissing when
// a chunk is sealed and `cipher` is null. `seal_session`: as for open_session_cipher (null:
// the block's own session).
Status unseal(std::uint8_t* block, format::ParsedBlock& parsed, const format::ChunkCipher* cipher,
              const format::Uuid* seal_session = nullptr);

// The 16 bytes of a uuid held in a catalog blob (zeros past its end).
format::Uuid uuid_of(std::span<const std::uint8_t> bytes);

} // namespace tl::job
