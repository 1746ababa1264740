// Municipal parking: a street-side meter syncs its paid sessions to the city
// back office over a net::Connection (send()/flush() throw once closed;
// close() is idempotent), keeps a local CSV of sessions through std::ofstream
// and reads its tariff table through std::ifstream.  MeterSession is the
// meter's own session object: pay() throws std::logic_error once the session
// is ended; `explicit operator bool` is true while the session is open.
// This case is correct: every use after a possible close is guarded by
// isClosed(), is_open(), good()/operator bool, or an early return.
#include "netconn.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

class MeterSession {
public:
  explicit MeterSession(std::string plate) : plate_(std::move(plate)) {}
  void pay(int cents) {
    if (ended_)
      throw std::logic_error("session ended for " + plate_);
    paid_ += cents;
  }
  void end() { ended_ = true; }
  explicit operator bool() const { return !ended_; }
  int paid() const { return paid_; }
  const std::string &plate() const { return plate_; }

private:
  std::string plate_;
  int paid_ = 0;
  bool ended_ = false;
};

class ParkingMeter {
public:
  ParkingMeter(std::string id, const std::string &backOffice)
      : id_(std::move(id)), uplink_(backOffice), csv_("/var/meter/sessions.csv", std::ios::app) {}

  bool loadTariffs(const std::string &path) {
    std::ifstream in(path);
    if (!in)
      return false;
    std::string zone;
    int centsPerHour = 0;
    while (in >> zone >> centsPerHour) // OK: the stream's own state ends the loop
      tariffs_[zone] = centsPerHour;
    in.close();
    return !tariffs_.empty();
  }

  void record(MeterSession &s, int hours, const std::string &zone) {
    if (!s)
      return;
    s.pay(hours * tariffs_[zone]); // OK: operator bool checked just above
    if (csv_.is_open())
      csv_ << id_ << ',' << s.plate() << ',' << s.paid() << '\n'; // OK: guarded by is_open()
    if (!uplink_.isClosed())
      uplink_.send(id_ + " " + s.plate() + " " + std::to_string(s.paid())); // OK: guarded by isClosed()
  }

  void nightlyClose() {
    if (!uplink_.isClosed()) {
      uplink_.flush();
      uplink_.close();
    }
    csv_.close();
  }

  void tamperAlarm() {
    if (uplink_.isClosed()) {
      std::fprintf(stderr, "%s: tamper alarm while offline\n", id_.c_str());
      return;
    }
    uplink_.send(id_ + " TAMPER"); // OK: early return above when closed
  }

  void reopenForMorning() {
    if (!csv_.is_open())
      csv_.open("/var/meter/sessions.csv", std::ios::app);
    if (csv_.good())
      csv_ << id_ << ",day-start,0\n"; // OK: reopened and checked
  }

private:
  std::string id_;
  net::Connection uplink_;
  std::ofstream csv_;
  std::map<std::string, int> tariffs_;
};

int main() {
  ParkingMeter meter("PM-4471", "backoffice.parking.city:9300");
  meter.loadTariffs("/etc/meter/tariffs.txt");

  MeterSession a("KD-551-RT"), b("HX-203-PL");
  meter.record(a, 2, "zone-B");
  a.end();
  meter.record(a, 1, "zone-B"); // OK: record() returns early for an ended session
  meter.record(b, 3, "zone-A");

  meter.nightlyClose();
  meter.tamperAlarm(); // OK: logs locally once the uplink is closed
  meter.record(b, 1, "zone-A"); // OK: the uplink send is skipped after close
  meter.reopenForMorning();
  return 0;
}
