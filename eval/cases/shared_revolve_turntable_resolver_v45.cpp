// Stage revolve control. One ResolverLink (a socket to the turntable's angle
// resolver) is shared through std::shared_ptr by the revolve drive, the
// prompt-corner position display and the maintenance diagnostics. The drive
// closes the link when it parks the revolve; the display checks the link before
// reading and before closing; the diagnostics module reads and closes it
// unconditionally. ResolverLink::close() throws when the link is already closed.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

class ResolverLink {
public:
  static std::shared_ptr<ResolverLink> connect(const std::string &path) {
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0)
      throw std::runtime_error("resolver socket");
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
    if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
      ::close(fd);
      throw std::runtime_error("resolver not reachable at " + path);
    }
    return std::shared_ptr<ResolverLink>(new ResolverLink(fd));
  }
  ~ResolverLink() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  double readAngle() {
    if (fd_ < 0)
      throw std::runtime_error("resolver link closed");
    char reply[32] = {};
    ::write(fd_, "ANG?\n", 5);
    if (::read(fd_, reply, sizeof reply - 1) <= 0)
      throw std::runtime_error("resolver did not answer");
    return std::atof(reply);
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("resolver link already closed");
    ::close(fd_);
    fd_ = -1;
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  explicit ResolverLink(int fd) : fd_(fd) {}
  int fd_;
};

class RevolveDrive {
public:
  explicit RevolveDrive(std::shared_ptr<ResolverLink> link) : link_(std::move(link)) {}
  void park() {
    targetDeg_ = 0.0;
    link_->close();
  }

private:
  std::shared_ptr<ResolverLink> link_;
  double targetDeg_ = 0.0;
};

class PositionDisplay {
public:
  explicit PositionDisplay(std::shared_ptr<ResolverLink> link) : link_(std::move(link)) {}
  void refresh() {
    if (!link_ || !link_->isOpen())
      return;
    shownDeg_ = link_->readAngle();
  }
  void release() {
    if (link_ && link_->isOpen())
      link_->close();
    link_.reset();
  }
  double shown() const { return shownDeg_; }

private:
  std::shared_ptr<ResolverLink> link_;
  double shownDeg_ = 0.0;
};

class ResolverDiagnostics {
public:
  explicit ResolverDiagnostics(std::shared_ptr<ResolverLink> link) : link_(std::move(link)) {}
  double sample() { return link_->readAngle(); } // SAME: diag-sample
  void stop() {
    link_->close(); // SAME: diag-stop
    link_.reset();
  }

private:
  std::shared_ptr<ResolverLink> link_;
};

void endOfShow(RevolveDrive &drive, PositionDisplay &display) {
  drive.park();
  display.refresh(); // OK
  display.release(); // OK
}

void endOfScene(RevolveDrive &drive, ResolverDiagnostics &diag) {
  drive.park();
  std::printf("revolve parked at %.2f deg\n", diag.sample()); // BUG: use-after-close #diag-sample
}

void powerDown(RevolveDrive &drive, ResolverDiagnostics &diag) {
  drive.park();
  diag.stop(); // BUG: double-close #diag-stop
}

void maintenanceWindow(ResolverDiagnostics &diag, PositionDisplay &display) {
  std::printf("baseline %.2f deg\n", diag.sample());
  diag.stop();
  display.refresh(); // OK
  display.release(); // OK
}

int main() {
  const std::string sock = "/run/revolve/resolver.sock";
  {
    auto link = ResolverLink::connect(sock);
    RevolveDrive drive(link);
    PositionDisplay display(link);
    endOfShow(drive, display);
  }
  {
    auto link = ResolverLink::connect(sock);
    RevolveDrive drive(link);
    ResolverDiagnostics diag(link);
    endOfScene(drive, diag);
  }
  {
    auto link = ResolverLink::connect(sock);
    RevolveDrive drive(link);
    ResolverDiagnostics diag(link);
    powerDown(drive, diag);
  }
  {
    auto link = ResolverLink::connect(sock);
    ResolverDiagnostics diag(link);
    PositionDisplay display(link);
    maintenanceWindow(diag, display);
  }
  return 0;
}
