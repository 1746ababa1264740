// Mushroom farm grow-room logging. Each grow room writes its humidity, CO2
// and temperature readings to a CSV per flush (crop cycle) and sends alerts to
// the farm controller over a net::Connection. A room's CSV is closed at
// harvest and reopened for the next flush; the alert connection is closed
// when the room is taken out of production.
#include <fstream>
#include <string>

#include "netconn.h"

struct Reading {
  double humidity = 0.0;
  double co2ppm = 0.0;
  double celsius = 0.0;
  bool pinning = false;
};

struct GrowRoom {
  std::string name;
  int flush = 1;
  long rows = 0;
  std::ofstream csv;
  net::Connection alerts;
};

constexpr long kRowsPerFile = 50000;

static std::string csvName(const GrowRoom &room, int part) {
  return room.name + "-flush" + std::to_string(room.flush) + "-" +
         std::to_string(part) + ".csv";
}

static void annotate(GrowRoom &room, const std::string &note) {
  if (!room.csv.good())
    return;
  room.csv << "# " << note << '\n'; // SAME: quarantine_note
}

void logReading(GrowRoom &room, const Reading &r) {
  if (room.rows > 0 && room.rows % kRowsPerFile == 0) {
    room.csv.close();
    room.csv.open(csvName(room, static_cast<int>(room.rows / kRowsPerFile)));
  }
  if (!room.csv.is_open())
    return;
  const char *stage = r.pinning ? "pin" : "";
  room.csv << r.humidity << ',' << r.co2ppm << ',' << r.celsius << ',' << stage << '\n'; // OK
  ++room.rows;
}

void checkLimits(GrowRoom &room, const Reading &r, bool decommissioned) {
  if (decommissioned)
    room.alerts.close();
  const bool canAlert = !room.alerts.isClosed();
  if (!canAlert)
    return;
  if (r.co2ppm > 1500.0)
    room.alerts.send(room.name + " CO2 " + std::to_string(r.co2ppm)); // OK
  if (r.humidity < 80.0)
    room.alerts.send(room.name + " RH " + std::to_string(r.humidity)); // OK
}

void harvest(GrowRoom &room, double kilos) {
  annotate(room, "harvest " + std::to_string(kilos) + " kg");
  room.csv.close();
  ++room.flush;
  room.rows = 0;
  room.csv.open(csvName(room, 0));
  if (room.csv)
    room.csv << "humidity,co2ppm,celsius,stage\n"; // OK
}

void quarantine(GrowRoom &room, const std::string &mould) {
  room.alerts.send("QUARANTINE " + room.name + " " + mould);
  room.csv.close();
  annotate(room, "quarantined: " + mould); // BUG: use-after-close #quarantine_note
}

void decommission(GrowRoom &room) {
  if (room.csv.is_open()) {
    annotate(room, "room decommissioned");
    room.csv.close();
  }
  if (room.alerts.isClosed())
    return;
  room.alerts.send(room.name + " OFFLINE"); // OK
  room.alerts.close();
}
