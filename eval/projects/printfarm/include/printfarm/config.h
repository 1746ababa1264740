// /etc/printfarm.conf: "key = value" lines; farm-wide keys first, then one [printer NAME]
// section per printer. '#' starts a comment line.
#pragma once
#include <string>
#include <vector>

namespace printfarm {

struct PrinterConfig {
  std::string name;
  std::string device;    // /dev/serial/by-id/...
  std::string usbfsNode; // /dev/bus/usb/001/004, for USB resets
  std::string camera;    // /dev/video0, empty: no camera
};

struct FarmConfig {
  std::string brokers = "localhost:9092";
  std::string topicPrefix = "printfarm";
  std::string spoolDir = "/var/spool/printfarm";
  std::string archiveDir = "/var/lib/printfarm/archive";
  std::string recordDir = "/var/lib/printfarm/camera";
  std::string controlSocket = "/run/printfarm/control.sock";
  std::string enclosureDevice; // empty: no enclosure controller
  std::string chamberDevice;   // empty: no chamber sensor
  double chamberLimitC = 60.0;
  std::string bootloaderDevice = "/dev/serial/by-id/usb-printfarm_boot-if00";
  unsigned uploadThreads = 4;
  std::vector<PrinterConfig> printers;
};

bool loadConfig(const std::string &path, FarmConfig &out, std::string &error);
bool saveConfig(const std::string &path, const FarmConfig &cfg, std::string &error);

} // namespace printfarm
