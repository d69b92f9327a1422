#include "api/device_ops.h"

#include "device/cartridge_insert.h"

#include "context/engine_catalog.h"

namespace tl::device {

Result<LibraryConfig> add_mtx_library(const CatalogHandle& handle, const std::string& name,
                                      const std::string& changer_device,
                                      const std::vector<std::string>& drive_devices) {
    return add_mtx_library(catalog_db(handle), name, changer_device, drive_devices);
}
Result<DriveConfig> add_null_drive(const CatalogHandle& handle, const std::string& name) {
    return add_null_drive(catalog_db(handle), name);
}
Result<DriveConfig> add_st_drive(const CatalogHandle& handle, const std::string& name,
                                 const std::string& device) {
    return add_st_drive(catalog_db(handle), name, device);
}
Result<DriveConfig> add_virtual_drive(const CatalogHandle& handle, const std::string& home,
                                      const std::string& name, std::uint64_t capacity) {
    return add_virtual_drive(catalog_db(handle), home, name, capacity);
}
Result<LibraryConfig> add_virtual_library(const CatalogHandle& handle, const std::string& home,
                                          VirtualLibrarySpec spec) {
    return add_virtual_library(catalog_db(handle), home, spec);
}
Result<LibraryConfig> find_library(const CatalogHandle& handle, const std::string& name) {
    return find_library(catalog_db(handle), name);
}
Result<std::vector<DriveConfig>> list_drives(const CatalogHandle& handle,
                                             const std::string& library) {
    return list_drives(catalog_db(handle), library);
}
Result<std::vector<LibraryConfig>> list_libraries(const CatalogHandle& handle) {
    return list_libraries(catalog_db(handle));
}
Result<std::unique_ptr<TapeDrive>> open_standalone_drive(const CatalogHandle& handle,
                                                         const std::string& home,
                                                         const std::string& name, Clock& clock) {
    return open_standalone_drive(catalog_db(handle), home, name, clock);
}
Status remove_drive(const CatalogHandle& handle, const std::string& name) {
    return remove_drive(catalog_db(handle), name);
}
Status remove_library(const CatalogHandle& handle, const std::string& name) {
    return remove_library(catalog_db(handle), name);
}
Status insert_from_outside(const CatalogHandle& handle, const std::string& home, Clock& clock,
                           Library& lib, const Inventory& inv, int mail,
                           const std::string& barcode) {
    return insert_from_outside(catalog_db(handle), home, clock, lib, inv, mail, barcode);
}
Result<std::vector<std::string>> library_names(const CatalogHandle& handle) {
    return library_names(catalog_db(handle));
}
Result<std::unique_ptr<Library>> open_library(const CatalogHandle& handle, const std::string& home,
                                              const std::string& name, Clock& clock) {
    return open_library(catalog_db(handle), home, name, clock);
}

Result<std::vector<DriveAlertRecord>> drive_alert_history(const CatalogHandle& handle,
                                                          const std::string& drive, int limit) {
    return drive_alert_history(catalog_db(handle), drive, limit);
}
Result<std::map<std::string, std::string>> drives_out_of_service(const CatalogHandle& handle) {
    return drives_out_of_service(catalog_db(handle));
}
Status return_drive_to_service(const CatalogHandle& handle, const std::string& drive) {
    return return_drive_to_service(catalog_db(handle), drive);
}

} // namespace tl::device
