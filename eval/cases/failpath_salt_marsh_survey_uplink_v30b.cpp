// Salt marsh survey uplink: sediment and tide readings from the marsh
// transects are sent to the field station over a net::Connection. The
// greeting helper answers Ok, Busy (the station asks us to come back) or
// Refused; sensor calibrations are checked for drift before they are sent.
#include "netconn.h"

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace marsh {

enum class Greeting { Ok, Busy, Refused };

struct SedimentReading {
  std::string stake;
  double accretionMm;
};

struct TideReading {
  long epoch;
  double levelM;
};

struct Calibration {
  std::string sensor;
  double driftMm;
};

constexpr double kMaxDriftMm = 4.0;

int stationReply(net::Connection &conn);

Greeting greetStation(net::Connection &conn, const std::string &who) {
  conn.send("HELLO " + who);
  const int code = stationReply(conn);
  if (code == 503)
    return Greeting::Busy;
  if (code != 200) {
    conn.close();
    return Greeting::Refused;
  }
  return Greeting::Ok;
}

void sendCalibration(net::Connection &conn, const Calibration &c) {
  if (c.driftMm > kMaxDriftMm) {
    conn.close();
    throw std::out_of_range("sensor " + c.sensor + " drifted");
  }
  conn.send("CAL " + c.sensor + " " + std::to_string(c.driftMm)); // SAME: marsh_calibration
}

void uploadTransect(net::Connection &conn, const std::string &transect,
                    const std::vector<SedimentReading> &readings) {
  Greeting g = greetStation(conn, transect);
  while (g == Greeting::Busy) {
    std::this_thread::sleep_for(std::chrono::seconds(30));
    g = greetStation(conn, transect);
  }
  if (g == Greeting::Refused)
    return;
  for (const SedimentReading &r : readings)
    conn.send(r.stake + " " + std::to_string(r.accretionMm)); // OK
  conn.flush(); // OK
}

void uploadTideGauge(net::Connection &conn, const std::string &gauge,
                     const std::vector<TideReading> &series) {
  if (greetStation(conn, gauge) == Greeting::Busy)
    return;
  for (const TideReading &t : series)
    conn.send(std::to_string(t.epoch) + " " + std::to_string(t.levelM)); // BUG: use-after-close
}

void calibrateGauges(net::Connection &conn, const std::vector<Calibration> &cals) {
  for (const Calibration &c : cals) {
    try {
      sendCalibration(conn, c); // BUG: use-after-close #marsh_calibration
    } catch (const std::out_of_range &) {
      continue;
    }
  }
}

void calibrateStakes(net::Connection &conn, const std::vector<Calibration> &cals) {
  for (const Calibration &c : cals) {
    try {
      sendCalibration(conn, c);
    } catch (const std::out_of_range &) {
      return;
    }
  }
  conn.send("CAL END"); // OK
}

} // namespace marsh
