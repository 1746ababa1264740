// Orangery heating controller: citrus house temperatures are published to the
// estate's Kafka topic, and boiler state changes go to the gardeners' event
// channel. In spring the heating season is ended, which closes both outlets;
// a late frost can still trigger the emergency boiler start afterwards.
#include "messaging.h"

#include <string>
#include <vector>

struct ZoneReading {
  std::string zone; // "lemon-house", "orange-walk"
  double airC;
  double soilC;
};

class OrangeryHeating {
public:
  OrangeryHeating(kafka::KafkaProducer &producer, EventChannel &events)
      : producer_(producer), events_(events) {}

  void publishReadings(const std::vector<ZoneReading> &readings);
  void boilerOn(const std::string &reason);
  void endSeason();
  void onFrostWarning(double forecastMinC);
  bool seasonOpen() const { return seasonOpen_; }

private:
  void announce(const std::string &what);

  kafka::KafkaProducer &producer_;
  EventChannel &events_;
  bool seasonOpen_ = true;
  bool boilerRunning_ = false;
};

void OrangeryHeating::announce(const std::string &what) {
  events_.send("orangery: " + what); // SAME: orangery-frost
}

void OrangeryHeating::publishReadings(const std::vector<ZoneReading> &readings) {
  if (!seasonOpen_)
    return;
  for (const ZoneReading &r : readings) {
    std::string value = r.zone + ":" + std::to_string(r.airC) + ":" + std::to_string(r.soilC);
    producer_.send({"estate.orangery.temps", value}); // OK
    if (r.airC < 4.0 && !boilerRunning_)
      boilerOn("zone " + r.zone + " below 4C");
  }
}

void OrangeryHeating::boilerOn(const std::string &reason) {
  boilerRunning_ = true;
  announce("boiler on (" + reason + ")");
}

void OrangeryHeating::endSeason() {
  if (!seasonOpen_)
    return;
  announce("heating season ended");
  producer_.flush();
  producer_.close();
  events_.close();
  seasonOpen_ = false;
  boilerRunning_ = false;
}

void OrangeryHeating::onFrostWarning(double forecastMinC) {
  if (forecastMinC > 1.0)
    return;
  if (!boilerRunning_)
    boilerOn("frost warning " + std::to_string(forecastMinC) + "C");
  if (seasonOpen_)
    producer_.send({"estate.orangery.alerts", "frost"}); // OK
}

void springChangeover(kafka::KafkaProducer &producer, EventChannel &events,
                      const std::vector<ZoneReading> &lastReadings) {
  OrangeryHeating heating(producer, events);
  heating.publishReadings(lastReadings);
  heating.endSeason();
  heating.endSeason(); // OK
  heating.publishReadings(lastReadings); // OK
  heating.onFrostWarning(-2.5); // BUG: use-after-close #orangery-frost
}

void archiveSeason(kafka::KafkaProducer &archive, const std::vector<ZoneReading> &season,
                   bool markSeasonEnd) {
  int sent = 0;
  for (const ZoneReading &r : season) {
    archive.send({"estate.orangery.archive", r.zone + ":" + std::to_string(r.airC)});
    ++sent;
  }
  archive.close(std::chrono::milliseconds(5000));
  if (markSeasonEnd)
    archive.send({"estate.orangery.archive", "END " + std::to_string(sent)}); // BUG: use-after-close
}
