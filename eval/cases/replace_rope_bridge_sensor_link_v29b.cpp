// Rope bridge strain monitoring. A poller reads the anchorage load cells and
// sends readings over a connection to the park's structures office. A timed-out
// read drops the connection; it is redialled (std::optional emplace) while the
// redial budget lasts. The deck camera uplink is recreated with make_unique on
// rotation, and the end-of-day shift report reopens its connection before
// sending.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "netconn.h"

namespace ropebridge {

struct Reading {
  std::string anchorage;
  double loadKn = 0.0;
  bool timedOut = false;
};

Reading sampleAnchorage(std::size_t index);
std::string encode(const Reading &r);
std::string snapshotFrame(int cameraId);

void pollAnchorages(const std::vector<std::string> &offices, std::size_t rounds,
                    int redialBudget) {
  if (offices.empty())
    return;
  std::optional<net::Connection> link;
  link.emplace(offices.front());

  for (std::size_t i = 0; i < rounds; ++i) {
    Reading r = sampleAnchorage(i % 4);
    if (r.timedOut) {
      link->close();
      if (redialBudget > 0) {
        --redialBudget;
        link.emplace(offices[i % offices.size()]);
      }
    }
    link->send(encode(r)); // BUG: use-after-close
  }
  link->flush();
}

void pollAnchoragesWithinBudget(const std::vector<std::string> &offices,
                                std::size_t rounds, int redialBudget) {
  if (offices.empty())
    return;
  std::optional<net::Connection> link;
  link.emplace(offices.front());

  for (std::size_t i = 0; i < rounds; ++i) {
    Reading r = sampleAnchorage(i % 4);
    if (r.timedOut) {
      link->close();
      link.reset();
      if (redialBudget == 0)
        return;
      --redialBudget;
      link.emplace(offices[i % offices.size()]);
    }
    link->send(encode(r)); // OK
  }
  link->flush(); // OK
}

void rotateDeckCamera(const std::string &endpoint, int cameraId, int frames) {
  auto cam = std::make_unique<net::Connection>(endpoint);
  for (int f = 0; f < frames; ++f) {
    cam->send(snapshotFrame(cameraId));
    if (f % 100 == 99) {
      cam->flush();
      cam->close();
      cam = std::make_unique<net::Connection>(endpoint);
      cam->send("rotated"); // OK
    }
  }
  cam->close();
}

void sendShiftReport(const std::string &office, const std::vector<Reading> &day,
                     bool officeRestarted) {
  net::Connection conn(office);
  conn.send("shift-begin");
  if (officeRestarted) {
    conn.close();
    conn = net::Connection(office);
  }
  for (const Reading &r : day)
    conn.send(encode(r)); // OK
  conn.flush(); // OK
  conn.close();
}

} // namespace ropebridge
