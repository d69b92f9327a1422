# The Debian package (README "Install"): `cpack --config BUILD/CPackConfig.cmake -G DEB` packs
# the programs this build tree has built (stripped) with their man pages, the systemd unit, the
# monitoring files and a postinst that makes the `tapeloom` system user. It builds nothing
# itself: build the targets first (release packages from the `default` preset, the test
# test_deb_package from the tree it runs in).
include(GNUInstallDirs)

set(_pkg_dir ${CMAKE_BINARY_DIR}/package)
file(MAKE_DIRECTORY ${_pkg_dir})

# Man pages and the Debian changelog go in gzip'd without a time stamp (gzip -n), as Debian wants.
function(tapeloom_gzip source target)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${source})
  execute_process(COMMAND gzip -9nc ${source} OUTPUT_FILE ${target} COMMAND_ERROR_IS_FATAL ANY)
endfunction()

set(_man_pages tapeloom-cli)
if(TARGET tapeloom)
  list(APPEND _man_pages tapeloom)
endif()
if(TARGET tapeloom-agent) # app/agent installs the program itself
  list(APPEND _man_pages tapeloom-agent)
endif()
foreach(_page IN LISTS _man_pages)
  tapeloom_gzip(${CMAKE_SOURCE_DIR}/resources/man/${_page}.1 ${_pkg_dir}/${_page}.1.gz)
  install(FILES ${_pkg_dir}/${_page}.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endforeach()

# The configure time, or $SOURCE_DATE_EPOCH's (string(TIMESTAMP) honours it).
string(TIMESTAMP _pkg_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
set(TAPELOOM_MAINTAINER "Tapeloom developers <dev@tapeloom.invalid>")
file(WRITE ${_pkg_dir}/changelog
  "tapeloom (${PROJECT_VERSION}) unstable; urgency=medium\n\n"
  "  * Tapeloom ${PROJECT_VERSION}; the changes are in CHANGELOG.md of the sources.\n\n"
  " -- ${TAPELOOM_MAINTAINER}  ${_pkg_date}\n")
tapeloom_gzip(${_pkg_dir}/changelog ${_pkg_dir}/changelog.gz)
install(FILES ${_pkg_dir}/changelog.gz resources/debian/copyright
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/tapeloom)
install(FILES resources/systemd/tapeloom.service DESTINATION lib/systemd/system)
install(FILES resources/alerts.yml resources/grafana-dashboard.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/tapeloom)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tapeloom)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "backup engine, service and console for tape libraries")
set(CPACK_PACKAGE_DESCRIPTION
    "Tapeloom multiplexes many disk sources onto tape drives, catalogs every file
in SQLite or PostgreSQL and restores any of them. The package holds the service
and command-line program tapeloom-cli, the Qt console tapeloom, a systemd unit
running the service as the user tapeloom, and Prometheus alert rules and a
Grafana dashboard for its metrics.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${TAPELOOM_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION admin)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "mtx, prometheus")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_SOURCE_DIR}/resources/debian/postinst)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
