#pragma once
// The device operations app/ and ui/ use, on a CatalogHandle (an Engine, or a connection opened
// by path): each does what the function of the same name over a catalog::Db in the header named
// above it does (see there), on the handle's connection. Engine code uses those directly.
#include "context/catalog_handle.h"
#include "device/device_registry.h"
#include "device/drive_health.h"
#include "device/library.h"

namespace tl::device {

// device/device_registry.h
Result<LibraryConfig> add_mtx_library(const CatalogHandle& handle, const std::string& name,
                                      const std::string& changer_device,
                                      const std::vector<std::string>& drive_devices);
Result<DriveConfig> add_null_drive(const CatalogHandle& handle, const std::string& name);
Result<DriveConfig> add_st_drive(const CatalogHandle& handle, const std::string& name,
                                 const std::string& device);
Result<DriveConfig> add_virtual_drive(const CatalogHandle& handle, const std::string& home,
                                      const std::string& name, std::uint64_t capacity);
Result<LibraryConfig> add_virtual_library(const CatalogHandle& handle, const std::string& home,
                                          VirtualLibrarySpec spec);
Result<LibraryConfig> find_library(const CatalogHandle& handle, const std::string& name);
Result<std::vector<DriveConfig>> list_drives(const CatalogHandle& handle,
                                             const std::string& library = "");
Result<std::vector<LibraryConfig>> list_libraries(const CatalogHandle& handle);
Result<std::unique_ptr<TapeDrive>> open_standalone_drive(const CatalogHandle& handle,
                                                         const std::string& home,
                                                         const std::string& name, Clock& clock);
Status remove_drive(const CatalogHandle& handle, const std::string& name);
Status remove_library(const CatalogHandle& handle, const std::string& name);
// device/drive_health.h
Result<std::vector<DriveAlertRecord>> drive_alert_history(const CatalogHandle& handle,
                                                          const std::string& drive, int limit);
Result<std::map<std::string, std::string>> drives_out_of_service(const CatalogHandle& handle);
Status return_drive_to_service(const CatalogHandle& handle, const std::string& drive);
// device/cartridge_insert.h
Status insert_from_outside(const CatalogHandle& handle, const std::string& home, Clock& clock,
                           Library& lib, const Inventory& inv, int mail,
                           const std::string& barcode);
// device/library.h
Result<std::vector<std::string>> library_names(const CatalogHandle& handle);
Result<std::unique_ptr<Library>> open_library(const CatalogHandle& handle, const std::string& home,
                                              const std::string& name, Clock& clock);

} // namespace tl::device
