#include "device/null_library.h"

#include <string>

#include "device/null_drive.h"

namespace tl::device {

namespace {
std::string barcode(std::size_t i) {
    std::string n = std::to_string(i + 1);
    return "NULL" + std::string(n.size() < 4 ? 4 - n.size() : 0, '0') + n; // NULL0001, NULL0002...
}

class NullChanger final : public Changer {
public:
    explicit NullChanger(std::size_t drives) : drives_(drives) {}
    const std::string& name() const override { return name_; }
    Result<Inventory> inventory() override {
        Inventory inv;
        for (std::size_t i = 0; i < drives_; ++i)
            inv.drives.push_back(
                {ElementType::Drive, static_cast<int>(i), true, barcode(i), std::nullopt});
        return inv;
    }
    Status load(int, int) override { return refuse(); }
    Status unload(int, std::optional<int>) override { return refuse(); }
    Status transfer(int, int) override { return refuse(); }

private:
    static Error refuse() {
        return make_error(ErrorKind::Unsupported, "the null library has no robot");
    }
    std::size_t drives_;
    std::string name_ = "null";
};

class NullLibrary final : public Library {
public:
    explicit NullLibrary(std::size_t n) : changer_(n) {
        for (std::size_t i = 0; i < n; ++i)
            drives_.push_back(std::make_unique<NullDrive>("null-drive" + std::to_string(i)));
    }
    const std::string& name() const override { return name_; }
    Changer& changer() override { return changer_; }
    std::size_t drive_count() const override { return drives_.size(); }
    TapeDrive& drive(std::size_t index) override { return *drives_.at(index); }
    Result<std::vector<std::string>> barcodes() override {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < drives_.size(); ++i)
            out.push_back(barcode(i));
        return out;
    }
    // Each drive holds "its" cartridge for good: only that one mounts there.
    Status mount(std::size_t index, const std::string& bc) override {
        if (bc != barcode(index))
            return make_error(ErrorKind::Busy,
                              "null library: " + bc + " belongs to another null drive");
        if (drives_.at(index)->is_open()) return drives_[index]->close();
        return {};
    }
    Status unmount(std::size_t index) override {
        return drives_.at(index)->is_open() ? drives_[index]->close() : Status{};
    }

private:
    std::string name_ = "null";
    NullChanger changer_;
    std::vector<std::unique_ptr<NullDrive>> drives_;
};
} // namespace

std::unique_ptr<Library> make_null_library(std::size_t drives) {
    return std::make_unique<NullLibrary>(drives);
}

} // namespace tl::device
