#pragma once
// Byte buffers whose address suits direct I/O (O_DIRECT wants the buffer aligned to the
// filesystem's memory alignment; 4096 covers every Linux filesystem), so a tape block built or
// read in one goes to and from a virtual cartridge without a copy (device/cartridge_data.h).
// IoBytes is a vector whose resize leaves new bytes uninitialised, as make_unique_for_overwrite
// does: only the bytes written are touched.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace tl {

inline constexpr std::size_t kIoAlign = 4096;

template <class T> struct IoAllocator {
    using value_type = T;
    IoAllocator() = default;
    template <class U> IoAllocator(const IoAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) {
        return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{kIoAlign}));
    }
    void deallocate(T* p, std::size_t) noexcept {
        ::operator delete (p, std::align_val_t{kIoAlign});
    }
    template <class U> void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U; // default-initialised: no zeroing on resize
    }
    template <class U, class... A> void construct(U* p, A&&... a) {
        ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
    template <class U> bool operator==(const IoAllocator<U>&) const noexcept { return true; }
};

using IoBytes = std::vector<std::uint8_t, IoAllocator<std::uint8_t>>;

struct IoFree {
    void operator()(std::uint8_t* p) const noexcept {
        ::operator delete[](p, std::align_val_t{kIoAlign});
    }
};
using IoBlock = std::unique_ptr<std::uint8_t[], IoFree>;

// `size` uninitialised bytes at a kIoAlign-aligned address.
inline IoBlock make_io_block(std::size_t size) {
    return IoBlock(static_cast<std::uint8_t*>(::operator new[](size, std::align_val_t{kIoAlign})));
}

} // namespace tl
