#include "device/st_tape_alert.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <scsi/sg.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "device/tape_alert.h"

namespace tl::device {

namespace fs = std::filesystem;

Result<std::string> sg_node_of(const std::string& st_node) {
    std::error_code ec;
    const fs::path real = fs::canonical(st_node, ec);
    if (ec)
        return make_error(ErrorKind::NotFound,
                          "drive " + st_node + ": " + ec.message() + "; check the device path");
    const fs::path dir =
        fs::path("/sys/class/scsi_tape") / real.filename() / "device" / "scsi_generic";
    for (const auto& e : fs::directory_iterator(dir, ec))
        return "/dev/" + e.path().filename().string();
    return make_error(ErrorKind::NotFound,
                      "drive " + st_node + " has no SCSI generic node (" + dir.string() +
                          " is missing); load the sg driver (modprobe sg) for TapeAlert");
}

Result<std::uint64_t> read_tape_alerts_sg(const std::string& sg_node) {
    const int fd = ::open(sg_node.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return make_error(ErrorKind::Io,
                          "cannot open " + sg_node + " for TapeAlert: " + std::strerror(errno));
    std::array<std::uint8_t, 512> page{};
    std::array<std::uint8_t, 32> sense{};
    // LOG SENSE (4Dh), PC = 01b (current cumulative values), page 2Eh, allocation length.
    std::array<std::uint8_t, 10> cdb{0x4d,
                                     0x00,
                                     0x40 | 0x2e,
                                     0x00,
                                     0x00,
                                     0x00,
                                     0x00,
                                     static_cast<std::uint8_t>(page.size() >> 8),
                                     static_cast<std::uint8_t>(page.size() & 0xff),
                                     0x00};
    sg_io_hdr_t io{};
    io.interface_id = 'S';
    io.dxfer_direction = SG_DXFER_FROM_DEV;
    io.cmd_len = static_cast<unsigned char>(cdb.size());
    io.cmdp = cdb.data();
    io.dxfer_len = static_cast<unsigned int>(page.size());
    io.dxferp = page.data();
    io.mx_sb_len = static_cast<unsigned char>(sense.size());
    io.sbp = sense.data();
    io.timeout = 30000; // ms
    const int rc = ::ioctl(fd, SG_IO, &io);
    const int err = errno;
    ::close(fd);
    if (rc < 0)
        return make_error(ErrorKind::Io, "LOG SENSE 2Eh on " + sg_node + ": " + std::strerror(err));
    if ((io.info & SG_INFO_OK_MASK) != SG_INFO_OK)
        return make_error(ErrorKind::Io, "LOG SENSE 2Eh on " + sg_node + " failed (SCSI status " +
                                             std::to_string(io.status) + ", sense key " +
                                             std::to_string(sense[2] & 0x0f) + ")");
    const std::size_t got = page.size() - static_cast<std::size_t>(io.resid);
    auto parsed = parse_tape_alert_page(page.data(), got);
    if (!parsed) return parsed.error();
    return parsed->flags;
}

} // namespace tl::device
