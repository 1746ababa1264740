// Apiary hive-scale gateway: each evening the gateway sends the day's hive weight
// readings over a GSM modem and mirrors them to a log on the SD card.
// uploadEvening() hangs the modem up inside the loop body, so from the second
// reading on it transmits on a closed modem; archive() closes the SD log in the
// low-battery branch without leaving the loop and closes it again afterwards.
// The retry loop and the last-iteration hang-up close only once.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct HiveReading {
  int hive;
  double kg;
  int batteryMv;
};

class GsmModem {
public:
  bool transmit(const std::string &payload);
  void hangUp() { online_ = false; }
  void dial() { online_ = true; }

private:
  bool online_ = true;
  int attempts_ = 0;
};

bool GsmModem::transmit(const std::string &payload) {
  if (!online_)
    throw std::runtime_error("GSM modem hung up, cannot send " + payload);
  return ++attempts_ % 3 != 0;
}

static std::string format(const HiveReading &r) {
  return "hive=" + std::to_string(r.hive) + ";kg=" + std::to_string(r.kg);
}

class ApiaryGateway {
public:
  void uploadEvening(const std::vector<HiveReading> &readings);
  void uploadBatched(const std::vector<HiveReading> &readings);
  bool uploadAlarm(const HiveReading &swarmDrop);
  void archive(const char *path, const std::vector<HiveReading> &readings);

private:
  GsmModem modem_;
};

void ApiaryGateway::uploadEvening(const std::vector<HiveReading> &readings) {
  modem_.dial();
  for (const HiveReading &r : readings) {
    modem_.transmit(format(r)); // BUG: use-after-close
    modem_.hangUp();
  }
}

void ApiaryGateway::uploadBatched(const std::vector<HiveReading> &readings) {
  modem_.dial();
  for (std::size_t i = 0; i < readings.size(); ++i) {
    modem_.transmit(format(readings[i])); // OK: the hang-up below runs after the last reading only
    if (i + 1 == readings.size())
      modem_.hangUp();
  }
}

bool ApiaryGateway::uploadAlarm(const HiveReading &swarmDrop) {
  modem_.dial();
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (modem_.transmit("SWARM? " + format(swarmDrop))) { // OK: the loop leaves right after the hang-up
      modem_.hangUp();
      return true;
    }
  }
  modem_.hangUp(); // OK: reached only when no attempt hung up
  return false;
}

void ApiaryGateway::archive(const char *path, const std::vector<HiveReading> &readings) {
  FILE *sd = std::fopen(path, "a");
  if (!sd)
    return;
  for (const HiveReading &r : readings) {
    std::fprintf(sd, "%d %.2f %d\n", r.hive, r.kg, r.batteryMv); // BUG: use-after-close
    if (r.batteryMv < 3300) {
      std::fputs("low battery, log closed\n", sd);
      std::fclose(sd);
    }
  }
  std::fclose(sd); // BUG: double-close
}

int main() {
  ApiaryGateway meadow;
  std::vector<HiveReading> today{{1, 41.2, 3900}, {2, 38.7, 3250}, {3, 44.0, 3880}};
  meadow.uploadBatched(today);
  meadow.uploadAlarm(today[1]);
  meadow.archive("/mnt/sd/hives.log", today);
  meadow.uploadEvening(today);
  return 0;
}
