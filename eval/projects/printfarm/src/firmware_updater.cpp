// FirmwareUpdater: image loading, bootloader upload, per-board and batch flashing.
#include "printfarm/firmware_updater.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <memory>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

#include "printfarm/handshake.h"
#include "printfarm/serial_port.h"
#include "printfarm/tty_tools.h"
#include "printfarm/unique_fd.h"

namespace printfarm {
namespace {
constexpr off_t kMaxImage = 2 * 1024 * 1024; // the largest flash on our boards
} // namespace

FirmwareUpdater::FirmwareUpdater(std::string bootDevice) : bootDevice_(std::move(bootDevice)) {}

bool FirmwareUpdater::loadImage(const std::string &path) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd)
    return false;
  struct stat st {};
  const bool usable = ::fstat(fd.get(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
                      st.st_size <= kMaxImage;
  bool complete = false;
  if (!usable) {
    // Do not keep a descriptor open on a file we are rejecting.
    ::close(fd.get());
    image_.clear();
  } else {
    image_.resize(static_cast<std::size_t>(st.st_size));
    std::size_t off = 0;
    while (off < image_.size()) {
      const ssize_t n = ::read(fd.get(), image_.data() + off, image_.size() - off);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      off += static_cast<std::size_t>(n);
    }
    complete = off == image_.size();
    if (!complete)
      image_.clear();
  }
  return usable && complete;
} // BUG: double-close #hexfd

bool FirmwareUpdater::sendImage() {
  UniqueFd boot;
  for (int i = 0; i < 50 && !boot; ++i) { // the bootloader tty shows up within ~5 s
    boot.reset(::open(bootDevice_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC));
    if (!boot)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!boot)
    return false;
  std::size_t off = 0;
  while (off < image_.size()) {
    const std::size_t chunk = std::min<std::size_t>(4096, image_.size() - off);
    const ssize_t n = ::write(boot.get(), image_.data() + off, chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  char ack = 0;
  return ::read(boot.get(), &ack, 1) == 1 && ack == 'K';
}

bool FirmwareUpdater::flash(SerialPort &port) {
  if (image_.empty() || !port.isOpen())
    return false;
  port.write("M997\n");
  port.close(); // the application tty goes away while the bootloader runs
  if (!sendImage())
    std::fprintf(stderr, "firmware: %s: bootloader did not take the image\n", port.device().c_str());
  bool back = false;
  for (int attempt = 0; attempt < 20 && !back; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    back = port.reopen();
  }
  if (!back)
    return false;
  FirmwareInfo info;
  if (!handshakeWithRetry(port, info)) // OK: reopened above (back is true)
    return false;
  port.write("M501\n"); // OK: reopened, and the handshake that closes it on failure succeeded
  return true;
}

void FirmwareUpdater::rebootBoard(SerialPort &port) {
  if (!port.isOpen())
    return;
  port.write("M999\n"); // RepRapFirmware: restart; the native-USB tty drops out
  port.close();
  std::this_thread::sleep_for(std::chrono::seconds(3));
  port.reopen();
  port.write("M115\n"); // BUG: use-after-close
}

bool FirmwareUpdater::flashAll(const std::vector<std::string> &devices) {
  // Several entries may name the same board (/dev/serial/by-id/... and /dev/ttyACM0):
  // open each real device once and share the port.
  std::map<std::string, std::shared_ptr<SerialPort>> byRealPath;
  std::vector<std::shared_ptr<SerialPort>> targets;
  for (const std::string &dev : devices) {
    const std::string real = canonicalDevice(dev);
    auto it = byRealPath.find(real);
    if (it == byRealPath.end()) {
      auto port = std::make_shared<SerialPort>(real);
      if (!port->open()) {
        std::fprintf(stderr, "flash-all: cannot open %s, nothing flashed\n", dev.c_str());
        for (const std::shared_ptr<SerialPort> &opened : targets)
          opened->close(); // BUG: double-close
        return false;
      }
      it = byRealPath.emplace(real, std::move(port)).first;
    }
    targets.push_back(it->second);
  }
  bool allOk = true;
  for (auto &entry : byRealPath)
    if (!flash(*entry.second))
      allOk = false;
  for (auto &entry : byRealPath)
    if (entry.second->isOpen())
      entry.second->close(); // OK: one entry per real device, closed only if flash() left it open
  return allOk;
}

} // namespace printfarm
