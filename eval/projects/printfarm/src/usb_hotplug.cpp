// UsbHotplugWatcher: kernel uevents for USB serial ttys (see usb_hotplug.h).
#include "printfarm/usb_hotplug.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <linux/netlink.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

#include "printfarm/event_bus.h"
#include "printfarm/handshake.h"
#include "printfarm/printer_session.h"
#include "printfarm/serial_port.h"
#include "printfarm/session_registry.h"
#include "printfarm/tty_tools.h"
#include "printfarm/worker_pool.h"

namespace printfarm {
namespace {

struct Uevent {
  std::string action;
  std::string subsystem;
  std::string devname;
};

// A uevent is "action@devpath" followed by NUL-separated KEY=value pairs.
Uevent parseUevent(const char *buf, std::size_t len) {
  Uevent ev;
  std::size_t pos = std::strlen(buf) + 1;
  while (pos < len) {
    const std::string kv(buf + pos);
    pos += kv.size() + 1;
    const auto eq = kv.find('=');
    if (eq == std::string::npos)
      continue;
    const std::string key = kv.substr(0, eq);
    const std::string value = kv.substr(eq + 1);
    if (key == "ACTION")
      ev.action = value;
    else if (key == "SUBSYSTEM")
      ev.subsystem = value;
    else if (key == "DEVNAME")
      ev.devname = value;
  }
  return ev;
}

bool isPrinterTty(const std::string &devname) {
  return devname.rfind("ttyACM", 0) == 0 || devname.rfind("ttyUSB", 0) == 0;
}

std::string nameFor(const FirmwareInfo &info, const std::string &devnode) {
  if (!info.uuid.empty())
    return "printer-" + info.uuid.substr(0, 8);
  return "printer-" + devnode.substr(devnode.find_last_of('/') + 1);
}

} // namespace

UsbHotplugWatcher::UsbHotplugWatcher(SessionRegistry &registry, WorkerPool &pool, EventBus &bus,
                                     SessionFactory factory)
    : registry_(registry), pool_(pool), bus_(bus), factory_(std::move(factory)) {}

UsbHotplugWatcher::~UsbHotplugWatcher() {
  stop(); // OK: stop() returns at once when the thread is not running
}

bool UsbHotplugWatcher::start() {
  if (thread_.joinable())
    return true;
  sock_.reset(::socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT));
  if (!sock_)
    return false;
  sockaddr_nl addr{};
  addr.nl_family = AF_NETLINK;
  addr.nl_groups = 1; // kernel uevents
  if (::bind(sock_.get(), reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    sock_.reset();
    return false;
  }
  int pipeFds[2];
  if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
    sock_.reset();
    return false;
  }
  wakeRead_.reset(pipeFds[0]);
  wakeWrite_.reset(pipeFds[1]);
  thread_ = std::thread(&UsbHotplugWatcher::run, this);
  return true;
}

void UsbHotplugWatcher::stop() {
  if (!thread_.joinable())
    return;
  const char quit = 'q';
  if (::write(wakeWrite_.get(), &quit, 1) != 1)
    std::fprintf(stderr, "hotplug: wake-up write failed, waiting for the poll timeout\n");
  thread_.join();
  sock_.reset(); // OK: the thread that polls this socket was joined above
  wakeRead_.reset();
  wakeWrite_.reset();
}

void UsbHotplugWatcher::run() {
  char buf[8192];
  for (;;) {
    pollfd fds[2] = {{sock_.get(), POLLIN, 0}, {wakeRead_.get(), POLLIN, 0}};
    const int rc = ::poll(fds, 2, 1000);
    if (rc < 0 && errno == EINTR)
      continue;
    if (rc < 0 || (fds[1].revents & POLLIN))
      break;
    if (!(fds[0].revents & POLLIN))
      continue;
    const ssize_t n = ::recv(sock_.get(), buf, sizeof buf - 1, 0);
    if (n <= 0)
      continue;
    buf[n] = '\0';
    const Uevent ev = parseUevent(buf, static_cast<std::size_t>(n));
    if (ev.subsystem != "tty" || !isPrinterTty(ev.devname))
      continue;
    if (ev.action == "add")
      onAdd("/dev/" + ev.devname);
    else if (ev.action == "remove")
      onRemove("/dev/" + ev.devname);
  }
}

void UsbHotplugWatcher::onAdd(const std::string &devnode) {
  {
    SerialPort quick(devnode);
    if (!quick.open())
      return;
    if (!setLowLatency(quick))
      forceReleaseTty(quick); // a driver that refuses TIOCSSERIAL is usually wedged: free the node now
  } // BUG: double-close #quick_probe
  pool_.submit([this, devnode] { attach(devnode); }); // BUG: use-after-close #attach_race
}

void UsbHotplugWatcher::attach(const std::string &devnode) {
  if (std::shared_ptr<PrinterSession> known = registry_.findByDevice(devnode)) {
    known->reconnect();
    return;
  }
  FirmwareInfo info;
  {
    SerialPort port(devnode);
    if (!port.open())
      return;
    handshakeOrClose(port, info);
    port.write("M118 E1 printfarm: attached\n"); // BUG: use-after-close
    port.close(); // the session opens its own port
  }
  std::shared_ptr<PrinterSession> session = factory_(nameFor(info, devnode), devnode);
  if (session->connect())
    registry_.add(session);
}

void UsbHotplugWatcher::onRemove(const std::string &devnode) {
  std::shared_ptr<PrinterSession> session = registry_.findByDevice(devnode);
  if (!session)
    return;
  session->withPort([](SerialPort &port) {
    if (!port.isOpen())
      return;
    forceReleaseTty(port);
    port.close(); // BUG: double-close
  });
  bus_.publish({"printer-lost", session->name(), "{\"device\":\"" + devnode + "\"}"});
}

} // namespace printfarm
