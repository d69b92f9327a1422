#include <QtTest>

#include <sys/stat.h>

#include "codec/crc32c.h"
#include "crypto/aead.h"
#include "crypto/kdf.h"
#include "crypto/key_store.h"
#include "crypto/session_cipher.h"
#include "format/block_builder.h"
#include "format/bytes.h"
#include "format/chunk_seal.h"
#include "format/session_header.h"
#include "job/chunk_sealer.h"
#include "job/stream_writer.h"

using namespace tl;

// The crypto pieces of encrypted save sets: AES-256-GCM, the KDFs, the key store and its
// exports, and sealed chunks in blocks (docs/format.md §3.4).
class TestCrypto : public QObject {
    Q_OBJECT

    static crypto::SecretKey key_of(std::uint8_t fill) {
        crypto::SecretKey k;
        std::memset(k.data(), fill, k.size());
        return k;
    }
    static mode_t mode_of(const QString& p) {
        struct stat st {};
        ::stat(QFile::encodeName(p).constData(), &st);
        return st.st_mode & 0777;
    }
    // A block of two streams' chunks sealed with `cipher`; returns the clear payloads.
    static std::vector<std::vector<std::uint8_t>> sealed_block(std::vector<std::uint8_t>& block,
                                                               const format::ChunkCipher* c,
                                                               bool seal_control,
                                                               const format::Uuid& session) {
        block.assign(format::kMinBlockSize, 0);
        format::BlockBuilder b;
        b.set_seal_policy({c, seal_control, false});
        b.reset(block.data(), block.size(), {session, 7, 0, 0});
        std::vector<std::vector<std::uint8_t>> clear;
        for (std::uint32_t stream : {1u, 0u, 2u}) {
            std::vector<std::uint8_t> payload(1000 + stream * 10);
            for (std::size_t i = 0; i < payload.size(); ++i)
                payload[i] = static_cast<std::uint8_t>('a' + (i + stream) % 26);
            std::uint8_t* p = b.begin_chunk(stream, 4096 * stream, 0, 0);
            std::memcpy(p, payload.data(), payload.size());
            b.end_chunk(payload.size());
            clear.push_back(payload);
        }
        b.finish(1, 3);
        return clear;
    }

private Q_SLOTS:
    void gcmRoundTripAndTamper() {
        crypto::Aes256Gcm gcm(key_of(1));
        const std::uint8_t nonce[12] = {1, 2, 3};
        const std::uint8_t aad[4] = {9, 9, 9, 9};
        std::vector<std::uint8_t> text(5000, 'x'), tag(16);
        const auto clear = text;
        QVERIFY(gcm.seal(nonce, aad, 4, text.data(), text.size(), text.data(), tag.data()));
        QVERIFY(text != clear);
        auto copy = text;
        QVERIFY(gcm.open(nonce, aad, 4, copy.data(), copy.size(), copy.data(), tag.data()));
        QCOMPARE(copy, clear);
        copy = text;
        copy[1234] ^= 1; // one flipped bit
        auto st = gcm.open(nonce, aad, 4, copy.data(), copy.size(), copy.data(), tag.data());
        QVERIFY(!st);
        QCOMPARE(st.error().kind, ErrorKind::Corrupt);
        const std::uint8_t other[4] = {9, 9, 9, 8}; // other associated data
        copy = text;
        QVERIFY(!gcm.open(nonce, other, 4, copy.data(), copy.size(), copy.data(), tag.data()));
    }

    void kdfsAreDeterministicAndDistinct() {
        const std::uint8_t salt[16] = {5};
        const crypto::ScryptParams fast{1u << 10, 8, 1};
        auto a = crypto::scrypt_key("correct horse", salt, fast);
        auto b = crypto::scrypt_key("correct horse", salt, fast);
        auto c = crypto::scrypt_key("correct horsf", salt, fast);
        QVERIFY(a && b && c);
        QVERIFY(std::memcmp(a->data(), b->data(), 32) == 0);
        QVERIFY(std::memcmp(a->data(), c->data(), 32) != 0);
        const std::uint8_t s1[16] = {1}, s2[16] = {2};
        auto h1 = crypto::hkdf_key(key_of(3), s1, "x"), h2 = crypto::hkdf_key(key_of(3), s2, "x");
        QVERIFY(h1 && h2);
        QVERIFY(std::memcmp(h1->data(), h2->data(), 32) != 0); // one key per session
    }

    void keyStoreFilesArePrivateAndIdsStable() {
        QTemporaryDir d;
        auto store = crypto::KeyStore::in_home(d.path().toStdString());
        auto k = store.create("offsite", 100);
        QVERIFY2(k, k ? "" : k.error().message.c_str());
        QVERIFY(QString::fromStdString(k->id).startsWith("offsite:"));
        QCOMPARE(k->id.size(), std::string("offsite:").size() + 16);
        QCOMPARE(mode_of(d.path() + "/keys"), mode_t(0700));
        QCOMPARE(mode_of(d.path() + "/keys/offsite.key"), mode_t(0600));
        auto again = store.create("offsite", 101);
        QVERIFY(!again);
        QCOMPARE(again.error().kind, ErrorKind::AlreadyExists);
        QVERIFY(!store.create("../evil", 1));
        auto list = store.list();
        QVERIFY(list && list->size() == 1);
        QCOMPARE(list->front().id, k->id);
        QVERIFY(store.load(k->id));
        auto missing = store.load("offsite:0000000000000000");
        QVERIFY(!missing);
        QCOMPARE(missing.error().kind, ErrorKind::KeyMissing);
        QVERIFY(missing.error().message.find("offsite:0000000000000000") != std::string::npos);
        // The key bytes are not in the id or the listing.
        QFile f(d.path() + "/keys/offsite.key");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(!text.contains(QByteArray::fromStdString(k->id.substr(8)) + "\n" + "x"));
    }

    void exportImportNeedsThePassphrase() {
        QTemporaryDir a, b;
        auto from = crypto::KeyStore::in_home(a.path().toStdString());
        auto k = from.create("vault", 1);
        QVERIFY(k);
        const std::string file = (a.path() + "/vault.export").toStdString();
        QCOMPARE(from.export_key("vault", file, "short").error().kind, ErrorKind::InvalidArgument);
        QVERIFY(from.export_key("vault", file, "a long passphrase"));
        QCOMPARE(mode_of(QString::fromStdString(file)), mode_t(0600));
        const auto again = from.export_key("vault", file, "a long passphrase");
        QCOMPARE(again.error().kind, ErrorKind::AlreadyExists); // never overwritten
        QVERIFY2(again.error().message.find("exists already and is not overwritten") !=
                     std::string::npos,
                 again.error().message.c_str()); // it said "File exists"
        auto to = crypto::KeyStore::in_home(b.path().toStdString());
        auto wrong = to.import_key(file, "a wrong passphrase", 2);
        QVERIFY(!wrong);
        QCOMPARE(wrong.error().kind, ErrorKind::InvalidArgument);
        QVERIFY(!to.load(k->id));
        auto ok = to.import_key(file, "a long passphrase", 2);
        QVERIFY2(ok, ok ? "" : ok.error().message.c_str());
        QCOMPARE(ok->id, k->id);
        auto ka = from.load(k->id), kb = to.load(k->id);
        QVERIFY(ka && kb);
        QVERIFY(std::memcmp(ka->data(), kb->data(), 32) == 0);
        QVERIFY(to.import_key(file, "a long passphrase", 3)); // the same key again is fine
    }

    void sealedChunksOpenWithTheKeyOnly() {
        const auto session = format::Uuid::random();
        auto cipher = crypto::SessionCipher::create(key_of(4), session);
        QVERIFY(cipher);
        std::vector<std::uint8_t> block;
        const auto clear = sealed_block(block, cipher->get(), true, session);
        auto h = format::peek_block_header(block.data(), block.size());
        QVERIFY(h);
        QCOMPARE(h->version, format::kBlockVersionStreamSealed);
        {
            auto copy = block;
            auto p = format::parse_block(copy.data(), copy.size());
            QVERIFY2(p, p ? "" : p.error().message.c_str());
            QVERIFY(format::has_sealed_chunks(p->chunks));
            // No key: KeyMissing.
            auto none = format::unseal_chunks(copy.data(), p->header, p->chunks, nullptr);
            QVERIFY(!none);
            QCOMPARE(none.error().kind, ErrorKind::KeyMissing);
            // The same key for another session (or another key): no chunk opens.
            auto other = crypto::SessionCipher::create(key_of(4), format::Uuid::random());
            QVERIFY(other);
            auto n = format::unseal_chunks(copy.data(), p->header, p->chunks, other->get());
            QVERIFY(n);
            QCOMPARE(n.value(), 3u);
        }
        auto p = format::parse_block(block.data(), block.size());
        QVERIFY(p);
        auto n = format::unseal_chunks(block.data(), p->header, p->chunks, cipher->get());
        QVERIFY(n);
        QCOMPARE(n.value(), 0u);
        for (std::size_t i = 0; i < clear.size(); ++i) {
            QCOMPARE(std::size_t(p->chunks[i].length), clear[i].size());
            QVERIFY(std::equal(clear[i].begin(), clear[i].end(), p->chunks[i].data));
        }
    }

    // A stream's producer seals its buffer in units (job/chunk_sealer.h); the multiplexer copies
    // each unit whole into a chunk; a reader opens the chunks like any sealed chunk.
    void chunksSealedByTheProducerOpenInTheBlock() {
        const auto session = format::Uuid::random();
        const std::size_t block_size = format::kMinBlockSize;
        const std::size_t unit = format::sealed_unit_size(block_size);
        QVERIFY(unit % 8 == 0);
        QCOMPARE(4 * (format::kChunkHeaderSize + unit + format::kSealTagSize),
                 block_size - format::kBlockHeaderSize); // four units fill a block exactly
        auto own = crypto::SessionCipher::create(key_of(8), session);
        QVERIFY(own);
        job::ChunkSealer sealer(std::move(own.value()), session, 5, block_size);
        job::StreamBuffer buf(3 * unit);
        buf.size = 2 * unit + 100;
        buf.offset = 0;
        buf.last = true;
        buf.boundaries = {0, unit + 10};
        for (std::size_t i = 0; i < buf.size; ++i)
            buf.data[i] = static_cast<std::uint8_t>('a' + i % 26);
        const std::vector<std::uint8_t> clear(buf.data.get(), buf.data.get() + buf.size);
        QVERIFY(sealer.seal(buf));
        QCOMPARE(buf.tags.size(), std::size_t(3));
        QVERIFY(!std::equal(clear.begin(), clear.begin() + 64, buf.data.get()));

        auto drive_cipher = crypto::SessionCipher::create(key_of(8), session);
        QVERIFY(drive_cipher);
        std::vector<std::uint8_t> block(block_size, 0);
        format::BlockBuilder b;
        b.set_seal_policy({drive_cipher->get(), true, false});
        b.reset(block.data(), block.size(), {session, 3, 0, format::block_flags::kData});
        for (std::size_t at = 0, i = 0; at < buf.size; at += unit, ++i) {
            const std::size_t len = std::min(unit, buf.size - at);
            QVERIFY(b.free_for_chunk() >= len);
            const auto f = job::chunk_fields(buf, at, len);
            std::uint8_t* p = b.begin_chunk(5, at, f.flags, f.first_boundary);
            std::memcpy(p, buf.data.get() + at, len);
            std::memcpy(p + len, buf.tags[i].data(), format::kSealTagSize);
            b.end_sealed_chunk(len);
        }
        b.finish(1, 1);
        auto p = format::parse_block(block.data(), block.size());
        QVERIFY2(p, p ? "" : p.error().message.c_str());
        QCOMPARE(p->header.version, format::kBlockVersionStreamSealed);
        QCOMPARE(p->chunks.size(), std::size_t(3));
        auto other = crypto::SessionCipher::create(key_of(9), session);
        QVERIFY(other);
        {
            auto copy = block;
            auto q = format::parse_block(copy.data(), copy.size());
            QVERIFY(q);
            auto bad = format::unseal_chunks(copy.data(), q->header, q->chunks, other->get());
            QVERIFY(bad);
            QCOMPARE(bad.value(), 3u); // another key opens nothing
        }
        auto n = format::unseal_chunks(block.data(), p->header, p->chunks, drive_cipher->get());
        QVERIFY(n);
        QCOMPARE(n.value(), 0u);
        std::vector<std::uint8_t> back;
        for (const auto& c : p->chunks)
            back.insert(back.end(), c.data, c.data + c.length);
        QVERIFY(back == clear);
        QCOMPARE(p->chunks[1].first_boundary, std::uint32_t(10));
        QVERIFY(p->chunks[2].flags & format::chunk_flags::kStreamEnd);
    }

    // A sealed stream's producer fills its buffers with whole units only: a buffer ending in a
    // short unit would make the block that unit lands in end one unit early (a quarter of a
    // block of padding per buffer). Only the stream's last buffer may end in a short unit.
    void sealedStreamBuffersHoldWholeUnits() {
        const auto session = format::Uuid::random();
        const std::size_t block_size = 256 * 1024;
        const std::size_t unit = format::sealed_unit_size(block_size);
        const std::size_t buffer_bytes = 1u << 20; // a backup's buffer: not a multiple of unit
        QVERIFY(buffer_bytes % unit != 0);
        job::DriveSignal sig;
        job::StreamChannel ch(sig, 8, buffer_bytes); // nothing consumes while it writes
        job::StreamWriter w(ch, codec::CodecSpec{});
        auto cipher = crypto::SessionCipher::create(key_of(11), session);
        QVERIFY(cipher);
        w.set_sealer(
            std::make_unique<job::ChunkSealer>(std::move(cipher.value()), session, 5, block_size));
        format::ObjectHeader h;
        h.path = "big.bin";
        h.size = 3 * buffer_bytes;
        QVERIFY(w.begin_object(h));
        for (std::size_t put = 0; put < h.size;) {
            std::size_t cap = 0;
            auto area = w.data_area(h.size - put, cap);
            QVERIFY(area && cap > 0);
            std::memset(area.value(), 'x', cap);
            QVERIFY(w.commit_data(cap));
            put += cap;
        }
        QVERIFY(w.end_object({}, job::FileRecord{}));
        QVERIFY(w.finish());
        std::lock_guard lock(sig.mutex);
        std::size_t buffers = 0;
        for (job::StreamBuffer* b = ch.front_locked(); b; b = ch.front_locked(), ++buffers) {
            QCOMPARE(b->sealed_unit, unit);
            if (!b->last) {
                QCOMPARE(b->size % unit, std::size_t(0));
                QVERIFY(b->size + unit > buffer_bytes); // and as full as whole units allow
            }
            ch.pop_locked();
        }
        QCOMPARE(buffers, std::size_t(4));
    }

    // A block written by the first encrypting builds (version 2: nonce = block seq and chunk
    // index) still opens with this build.
    void versionTwoBlocksStillOpen() {
        const auto session = format::Uuid::random();
        auto cipher = crypto::SessionCipher::create(key_of(10), session);
        QVERIFY(cipher);
        std::vector<std::uint8_t> block(format::kMinBlockSize, 0);
        format::BlockBuilder b; // clear builder: the version-2 sealing is done by hand below
        b.reset(block.data(), block.size(), {session, 77, 0, format::block_flags::kData});
        std::vector<std::vector<std::uint8_t>> clear;
        std::vector<std::size_t> heads;
        std::size_t pos = format::kBlockHeaderSize;
        for (std::uint32_t i = 0; i < 2; ++i) {
            std::vector<std::uint8_t> payload(500 + i * 3, static_cast<std::uint8_t>('k' + i));
            std::uint8_t* p = b.begin_chunk(i + 1, 100 * i, 0, 0);
            std::memcpy(p, payload.data(), payload.size());
            format::ChunkView v;
            v.stream_id = i + 1;
            v.stream_offset = 100 * i;
            v.first_boundary = 0;
            const auto params = format::seal_params(session, 77, i, v);
            QVERIFY(cipher.value()->seal(params, p, payload.size(), p + payload.size()));
            b.end_chunk(payload.size() + format::kSealTagSize);
            heads.push_back(pos);
            pos = (pos + format::kChunkHeaderSize + payload.size() + format::kSealTagSize + 7) &
                  ~std::size_t(7);
            clear.push_back(payload);
        }
        b.finish(1, 2);
        format::store_u16(block.data() + 4, format::kBlockVersionSealed);
        for (auto at : heads)
            format::store_u16(block.data() + at + 4, format::chunk_flags::kSealed);
        std::uint32_t crc = codec::crc32c(block.data(), 20);
        const std::uint8_t zeros[4] = {0, 0, 0, 0};
        crc = codec::crc32c(zeros, 4, crc);
        crc = codec::crc32c(block.data() + 24, block.size() - 24, crc);
        format::store_u32(block.data() + 20, crc);

        auto p = format::parse_block(block.data(), block.size());
        QVERIFY2(p, p ? "" : p.error().message.c_str());
        QCOMPARE(p->header.version, format::kBlockVersionSealed);
        auto n = format::unseal_chunks(block.data(), p->header, p->chunks, cipher->get());
        QVERIFY(n);
        QCOMPARE(n.value(), 0u);
        for (std::size_t i = 0; i < clear.size(); ++i)
            QVERIFY(std::equal(clear[i].begin(), clear[i].end(), p->chunks[i].data));
    }

    void flippedByteFailsOnlyItsChunk() {
        std::vector<std::uint8_t> block(format::kMinBlockSize, 0);
        const auto session = format::Uuid::random();
        auto cipher = crypto::SessionCipher::create(key_of(6), session);
        QVERIFY(cipher);
        format::BlockBuilder b;
        b.set_seal_policy({cipher->get(), true, false});
        b.reset(block.data(), block.size(), {session, 42, 0, format::block_flags::kData});
        std::vector<std::vector<std::uint8_t>> clear;
        for (std::uint32_t stream : {1u, 2u, 3u}) {
            std::vector<std::uint8_t> payload(777, static_cast<std::uint8_t>('A' + stream));
            std::uint8_t* p = b.begin_chunk(stream, 0, format::chunk_flags::kStreamBegin, 0);
            std::memcpy(p, payload.data(), payload.size());
            b.end_chunk(payload.size());
            clear.push_back(payload);
        }
        b.finish(1, 5);
        // The clear text is nowhere in the block.
        const std::vector<std::uint8_t> needle(64, 'B');
        QVERIFY(std::search(block.begin(), block.end(), needle.begin(), needle.end()) ==
                block.end());
        // Untouched: every chunk opens to its clear payload.
        {
            auto copy = block;
            auto p = format::parse_block(copy.data(), copy.size());
            QVERIFY(p);
            auto n = format::unseal_chunks(copy.data(), p->header, p->chunks, cipher->get());
            QVERIFY(n);
            QCOMPARE(n.value(), 0u);
            for (std::size_t i = 0; i < 3; ++i) {
                QCOMPARE(p->chunks[i].length, 777u);
                QVERIFY(std::equal(clear[i].begin(), clear[i].end(), p->chunks[i].data));
            }
        }
        // A byte of chunk 1's ciphertext flipped and the block CRC made right again (as a
        // forger would): chunk 1 fails its authentication, chunks 0 and 2 still open.
        auto p = format::parse_block(block.data(), block.size());
        const std::size_t at = static_cast<std::size_t>(p->chunks[1].data - block.data()) + 100;
        block[at] ^= 0x01;
        format::store_u32(block.data() + 20, 0);
        format::store_u32(block.data() + 20, codec_crc(block));
        auto p3 = format::parse_block(block.data(), block.size());
        QVERIFY2(p3, p3 ? "" : p3.error().message.c_str());
        auto n = format::unseal_chunks(block.data(), p3->header, p3->chunks, cipher->get());
        QVERIFY(n);
        QCOMPARE(n.value(), 1u);
        QVERIFY(!format::failed_auth(p3->chunks[0]));
        QVERIFY(format::failed_auth(p3->chunks[1]));
        QVERIFY(!format::failed_auth(p3->chunks[2]));
        QVERIFY(std::equal(clear[2].begin(), clear[2].end(), p3->chunks[2].data));
        const std::string why = format::auth_failure(p3->header, 1, p3->chunks[1]);
        QVERIFY(why.find("block 42") != std::string::npos);
        QVERIFY(why.find("authentication") != std::string::npos);
    }

    void clearControlStreamWhenNamesAreNotSealed() {
        std::vector<std::uint8_t> block;
        const auto session = format::Uuid::random();
        auto cipher = crypto::SessionCipher::create(key_of(8), session);
        QVERIFY(cipher);
        const auto clear = sealed_block(block, cipher->get(), false, session);
        auto p = format::parse_block(block.data(), block.size());
        QVERIFY(p);
        QCOMPARE(p->chunks.size(), std::size_t(3));
        QVERIFY(p->chunks[0].flags & format::chunk_flags::kSealed);
        QVERIFY(!(p->chunks[1].flags & format::chunk_flags::kSealed)); // stream 0 in clear
        QVERIFY(std::equal(clear[1].begin(), clear[1].end(), p->chunks[1].data));
        QVERIFY(p->chunks[2].flags & format::chunk_flags::kSealed);
    }

    void sessionHeaderRecordsTheKeyAndOldHeadersStillRead() {
        format::SessionHeader h;
        h.session_uuid = format::Uuid::random();
        h.host = std::string(8, 'h');
        h.block_size = 65536;
        const auto plain = format::serialize_session_header(h);
        auto clear = format::deserialize_session_header(plain.data(), plain.size());
        QVERIFY(clear);
        QVERIFY(!clear->encryption.enabled());
        h.encryption = {format::SessionCipher::Aes256Gcm, false, "vault:0123456789abcdef", {}};
        const auto rec = format::serialize_session_header(h);
        auto back = format::deserialize_session_header(rec.data(), rec.size());
        QVERIFY(back);
        QCOMPARE(back->encryption.key_id, std::string("vault:0123456789abcdef"));
        QVERIFY(!back->encryption.names_sealed);
        QVERIFY(back.value() == h);
    }

    // A clone copies an encrypted session's chunks as they are (docs/format.md §3.4): placed
    // whole into a block of the copy's own session, with no cipher, they open with the
    // original session's chunk key once the reader names that session as the sealing one.
    void chunksCopiedSealedOpenUnderTheOriginalSession() {
        const auto original = format::Uuid::random(), copy = format::Uuid::random();
        std::vector<std::uint8_t> src;
        auto cipher = crypto::SessionCipher::create(key_of(3), original);
        QVERIFY(cipher);
        const auto clear = sealed_block(src, cipher->get(), false, original);
        auto sp = format::parse_block(src.data(), src.size());
        QVERIFY(sp);
        std::vector<std::uint8_t> block(format::kMinBlockSize, 0);
        format::BlockBuilder b;
        b.set_seal_policy({nullptr, false, true});
        b.reset(block.data(), block.size(), {copy, 0, 0, format::block_flags::kData});
        for (const auto& c : sp->chunks) {
            if (!(c.flags & format::chunk_flags::kSealed)) continue; // the control chunk
            const std::size_t n = c.length - format::kSealTagSize;
            std::uint8_t* p =
                b.begin_chunk(c.stream_id, c.stream_offset,
                              static_cast<std::uint16_t>(c.flags & ~format::chunk_flags::kSealed),
                              c.first_boundary);
            std::memcpy(p, c.data, c.length); // ciphertext and tag as they are
            b.end_sealed_chunk(n);
        }
        b.finish(1, 1);
        auto p = format::parse_block(block.data(), block.size());
        QVERIFY(p);
        QCOMPARE(p->header.version, format::kBlockVersionStreamSealed);
        QCOMPARE(p->chunks.size(), std::size_t(2));
        {
            auto own = block;
            auto q = format::parse_block(own.data(), own.size());
            auto bad = format::unseal_chunks(own.data(), q->header, q->chunks, cipher->get());
            QVERIFY(bad);
            QCOMPARE(bad.value(), 2u); // under the copy's session the tags do not match
        }
        auto n =
            format::unseal_chunks(block.data(), p->header, p->chunks, cipher->get(), &original);
        QVERIFY(n);
        QCOMPARE(n.value(), 0u);
        QVERIFY(std::equal(clear[0].begin(), clear[0].end(), p->chunks[0].data));
        QVERIFY(std::equal(clear[2].begin(), clear[2].end(), p->chunks[1].data));
    }

    void sessionHeaderRecordsTheSealingSessionOfACopy() {
        format::SessionHeader h;
        h.session_uuid = format::Uuid::random();
        h.block_size = 65536;
        h.encryption = {format::SessionCipher::Aes256Gcm, false, "vault:0123456789abcdef",
                        format::Uuid::random()};
        const auto rec = format::serialize_session_header(h);
        auto back = format::deserialize_session_header(rec.data(), rec.size());
        QVERIFY(back);
        QVERIFY(back->encryption.seal_session == h.encryption.seal_session);
        QVERIFY(back.value() == h);
    }

    void sealedFlagInAVersionOneBlockIsCorrupt() {
        std::vector<std::uint8_t> block(format::kMinBlockSize, 0);
        format::BlockBuilder b;
        b.reset(block.data(), block.size(), {format::Uuid::random(), 1, 0, 0});
        std::uint8_t* p = b.begin_chunk(1, 0, 0, 0);
        std::memset(p, 7, 100);
        b.end_chunk(100);
        b.finish(1, 1);
        QCOMPARE(format::load_u16(block.data() + 4), format::kBlockVersion);
        QVERIFY(format::parse_block(block.data(), block.size()));
        format::store_u16(block.data() + format::kBlockHeaderSize + 4,
                          format::chunk_flags::kSealed);
        format::store_u32(block.data() + 20, 0);
        format::store_u32(block.data() + 20, codec_crc(block));
        auto parsed = format::parse_block(block.data(), block.size());
        QVERIFY(!parsed);
        QCOMPARE(parsed.error().kind, ErrorKind::Corrupt);
    }

private:
    static std::uint32_t codec_crc(const std::vector<std::uint8_t>& block);
};

#include "codec/crc32c.h"

std::uint32_t TestCrypto::codec_crc(const std::vector<std::uint8_t>& block) {
    return codec::crc32c(block.data(), block.size());
}

QTEST_GUILESS_MAIN(TestCrypto)
#include "test_crypto.moc"
