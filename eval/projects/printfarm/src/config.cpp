// Reading and writing /etc/printfarm.conf (see config.h for the format).
#include "printfarm/config.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <utility>

namespace printfarm {
namespace {

std::string trim(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos)
    return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

// "[printer NAME]"
bool parseSection(const std::string &line, std::string &name) {
  if (line.size() < 3 || line.back() != ']')
    return false;
  const std::string inner = trim(line.substr(1, line.size() - 2));
  if (inner.rfind("printer ", 0) != 0)
    return false;
  name = trim(inner.substr(8));
  return !name.empty();
}

bool setFarmKey(FarmConfig &cfg, const std::string &key, const std::string &value) {
  if (key == "brokers")
    cfg.brokers = value;
  else if (key == "topic_prefix")
    cfg.topicPrefix = value;
  else if (key == "spool_dir")
    cfg.spoolDir = value;
  else if (key == "archive_dir")
    cfg.archiveDir = value;
  else if (key == "record_dir")
    cfg.recordDir = value;
  else if (key == "control_socket")
    cfg.controlSocket = value;
  else if (key == "enclosure")
    cfg.enclosureDevice = value;
  else if (key == "chamber_sensor")
    cfg.chamberDevice = value;
  else if (key == "chamber_limit")
    cfg.chamberLimitC = std::strtod(value.c_str(), nullptr);
  else if (key == "bootloader")
    cfg.bootloaderDevice = value;
  else if (key == "upload_threads")
    cfg.uploadThreads = static_cast<unsigned>(std::strtoul(value.c_str(), nullptr, 10));
  else
    return false;
  return true;
}

bool setPrinterKey(PrinterConfig &p, const std::string &key, const std::string &value) {
  if (key == "device")
    p.device = value;
  else if (key == "usbfs")
    p.usbfsNode = value;
  else if (key == "camera")
    p.camera = value;
  else
    return false;
  return true;
}

} // namespace

bool loadConfig(const std::string &path, FarmConfig &out, std::string &error) {
  std::FILE *f = std::fopen(path.c_str(), "r");
  if (!f) {
    error = path + ": " + std::strerror(errno);
    return false;
  }
  FarmConfig cfg;
  PrinterConfig *printer = nullptr;
  char buf[1024];
  int lineNo = 0;
  bool ok = true;
  while (std::fgets(buf, sizeof buf, f)) {
    ++lineNo;
    const std::string line = trim(buf);
    if (line.empty() || line[0] == '#')
      continue;
    const std::string where = path + ":" + std::to_string(lineNo) + ": ";
    if (line[0] == '[') {
      std::string name;
      if (!parseSection(line, name)) {
        error = where + "bad section header";
        std::fclose(f);
        ok = false;
        break;
      }
      cfg.printers.push_back(PrinterConfig{name, {}, {}, {}});
      printer = &cfg.printers.back();
      continue;
    }
    const auto eq = line.find('=');
    if (eq == std::string::npos) {
      error = where + "expected key = value";
      ok = false;
      break;
    }
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    const bool known = printer ? setPrinterKey(*printer, key, value) : setFarmKey(cfg, key, value);
    if (!known) {
      error = where + "unknown key '" + key + "'";
      ok = false;
      break;
    }
  }
  std::fclose(f); // BUG: double-close
  if (ok)
    out = std::move(cfg);
  return ok;
}

bool saveConfig(const std::string &path, const FarmConfig &cfg, std::string &error) {
  const std::string tmp = path + ".tmp";
  std::FILE *f = std::fopen(tmp.c_str(), "w");
  if (!f) {
    error = tmp + ": " + std::strerror(errno);
    return false;
  }
  if (std::fprintf(f,
                   "brokers = %s\ntopic_prefix = %s\nspool_dir = %s\narchive_dir = %s\n"
                   "record_dir = %s\ncontrol_socket = %s\nchamber_limit = %.1f\n"
                   "bootloader = %s\nupload_threads = %u\n",
                   cfg.brokers.c_str(), cfg.topicPrefix.c_str(), cfg.spoolDir.c_str(),
                   cfg.archiveDir.c_str(), cfg.recordDir.c_str(), cfg.controlSocket.c_str(),
                   cfg.chamberLimitC, cfg.bootloaderDevice.c_str(), cfg.uploadThreads) < 0) {
    std::fclose(f);
    std::remove(tmp.c_str());
    error = tmp + ": write failed";
    return false;
  }
  if (!cfg.enclosureDevice.empty())
    std::fprintf(f, "enclosure = %s\n", cfg.enclosureDevice.c_str()); // OK: the fclose above is on a path that returned
  if (!cfg.chamberDevice.empty())
    std::fprintf(f, "chamber_sensor = %s\n", cfg.chamberDevice.c_str());
  for (const PrinterConfig &p : cfg.printers) {
    if (std::fprintf(f, "\n[printer %s]\ndevice = %s\n", p.name.c_str(), p.device.c_str()) < 0 ||
        (!p.usbfsNode.empty() && std::fprintf(f, "usbfs = %s\n", p.usbfsNode.c_str()) < 0) ||
        (!p.camera.empty() && std::fprintf(f, "camera = %s\n", p.camera.c_str()) < 0)) {
      std::fclose(f);
      std::remove(tmp.c_str());
      error = tmp + ": write failed";
      return false;
    }
  }
  if (std::fflush(f) != 0 || ::fsync(::fileno(f)) != 0) { // OK: every earlier fclose(f) is followed by a return
    std::fclose(f);
    std::remove(tmp.c_str());
    error = tmp + ": flush failed";
    return false;
  }
  if (std::fclose(f) != 0) { // OK: the error paths that fclose(f) all returned
    std::remove(tmp.c_str());
    error = tmp + ": close failed";
    return false;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = path + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

} // namespace printfarm
