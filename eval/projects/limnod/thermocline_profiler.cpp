// ThermoclineProfiler: pimpl around the winch socket. park() raises the string and
// closes the socket, resume() reopens it, sampleAt() talks over it. cast() lowers
// the string in half-metre steps.
#include "thermocline_profiler.h"
#include "limnod_herald.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <arpa/inet.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>
#include <vector>

struct ThermoclineProfiler::Impl {
  explicit Impl(LimnoContext &c) : ctx(c) {}
  LimnoContext &ctx;
  int sock = -1;
  bool parked = true;
  std::vector<std::pair<double, double>> profile; // depth m, temperature C
  int stalls = 0;
};

namespace {
int openWinchSocket(const std::string &host, int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}
} // namespace

ThermoclineProfiler::ThermoclineProfiler(LimnoContext &ctx) : impl_(std::make_unique<Impl>(ctx)) {}

ThermoclineProfiler::~ThermoclineProfiler() {
  if (!impl_->parked)
    park(); // OK: park() runs only while the winch socket is open
}

void ThermoclineProfiler::start() { resume(); }

void ThermoclineProfiler::resume() {
  if (!impl_->parked)
    return;
  impl_->sock = openWinchSocket(impl_->ctx.settings.winchHost, impl_->ctx.settings.winchPort);
  if (impl_->sock < 0)
    return;
  impl_->parked = false;
  sampleAt(0.0); // OK: the winch socket was reopened just above
}

void ThermoclineProfiler::park() {
  static const char kRaise[] = "WINCH RAISE\n";
  ::send(impl_->sock, kRaise, sizeof kRaise - 1, MSG_NOSIGNAL);
  ::close(impl_->sock);
  impl_->parked = true;
}

void ThermoclineProfiler::sampleAt(double depth) {
  char cmd[48];
  const int n = std::snprintf(cmd, sizeof cmd, "SAMPLE %.1f\n", depth);
  if (::send(impl_->sock, cmd, static_cast<std::size_t>(n), MSG_NOSIGNAL) != n) // SAME: thermo_cast
    throw std::runtime_error("thermocline winch: send failed");
  char reply[32] = {};
  if (::recv(impl_->sock, reply, sizeof reply - 1, 0) <= 0)
    throw std::runtime_error("thermocline winch: no reading");
  impl_->profile.emplace_back(depth, std::strtod(reply, nullptr));
}

bool ThermoclineProfiler::winchStalled() const {
  // the string has not moved if two consecutive depths read the same temperature
  // to the millikelvin below the mixed layer
  const auto &p = impl_->profile;
  if (p.size() < 3)
    return false;
  return static_cast<long>(p[p.size() - 1].second * 1000) ==
         static_cast<long>(p[p.size() - 2].second * 1000);
}

void ThermoclineProfiler::cast() {
  impl_->profile.clear();
  for (double depth = 0.5; depth <= impl_->ctx.settings.maxDepth; depth += 0.5) {
    if (winchStalled()) {
      ++impl_->stalls;
      park(); // a stalled winch must come up before the motor overheats
    }
    sampleAt(depth); // BUG: use-after-close #thermo_cast
  }
}

double ThermoclineProfiler::thermoclineDepth() const {
  const auto &p = impl_->profile;
  double best = 0, steepest = 0;
  for (std::size_t i = 1; i < p.size(); ++i) {
    const double gradient = (p[i - 1].second - p[i].second) / (p[i].first - p[i - 1].first);
    if (gradient > steepest) {
      steepest = gradient;
      best = (p[i].first + p[i - 1].first) / 2;
    }
  }
  return best;
}

void ThermoclineProfiler::tick() {
  if (impl_->parked)
    return;
  cast();
  std::string temps;
  for (const auto &point : impl_->profile)
    temps += (temps.empty() ? "" : ",") + std::to_string(point.second);
  impl_->ctx.switchboard.fire("thermocline/profile", temps);
  if (herald().isOpen())
    herald().publish("limnod/thermocline", std::to_string(thermoclineDepth()));
}

void ThermoclineProfiler::stop() {
  if (impl_->parked)
    return;
  park();
}
