// tollplazad: loads the configuration, probes the cameras, runs the plaza
// until SIGTERM/SIGINT, then uploads the day's lane totals.
#include "camera_feed.h"
#include "central_uplink.h"
#include "config.h"
#include "plaza.h"
#include "stop_flag.h"

#include <csignal>
#include <cstdio>
#include <exception>
#include <signal.h>

namespace toll {

// Signal handlers only set sig_atomic_t flags; the control loop polls them.
namespace {

volatile std::sig_atomic_t gStop = 0;
volatile std::sig_atomic_t gReload = 0;

void onStopSignal(int) { gStop = 1; }
void onReloadSignal(int) { gReload = 1; }

} // namespace

void installSignalHandlers() {
  struct sigaction sa {};
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = onStopSignal;
  ::sigaction(SIGTERM, &sa, nullptr);
  ::sigaction(SIGINT, &sa, nullptr);
  sa.sa_handler = onReloadSignal;
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGHUP, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

bool stopRequested() { return gStop != 0; }

void requestStop() { gStop = 1; }

bool takeReloadRequest() {
  if (gReload == 0)
    return false;
  gReload = 0;
  return true;
}

} // namespace toll

int main(int argc, char **argv) {
  using namespace toll;
  installSignalHandlers();
  const std::string path = argc > 1 ? argv[1] : "/etc/tollplaza/plaza.conf";
  Config cfg;
  Result r = loadConfig(path, cfg);
  if (!r.ok()) {
    std::fprintf(stderr, "tollplazad: %s\n", r.error().c_str());
    return 1;
  }

  std::vector<CameraInfo> cameras;
  for (const CameraEndpoint &cam : cfg.cameras) {
    if (cam.device.rfind("/dev/tty", 0) == 0)
      probeSerialCamera(cam.device, cameras);
    else
      probeCamera(cam.device, cameras);
  }
  for (const CameraInfo &info : cameras)
    std::fprintf(stderr, "camera %s: %s fw %d\n", info.device.c_str(), info.model.c_str(), info.firmware);

  std::map<LaneId, LaneTotals> totals;
  try {
    Plaza plaza(cfg);
    r = plaza.start();
    if (!r.ok()) {
      std::fprintf(stderr, "tollplazad: start: %s\n", r.error().c_str());
      return 1;
    }
    plaza.runUntilStopped();
    plaza.stop();
    totals = plaza.totals();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "tollplazad: %s\n", e.what());
    return 2;
  }

  if (!cfg.centralOffice.empty()) {
    CentralUplink uplink(cfg.centralOffice);
    uplink.sendDayTotals(totals);
  }
  return 0;
}
