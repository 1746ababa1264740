// Firmware-side uplink of an IoT sensor node: MqttLink publishes readings to
// the broker (publish() throws once disconnected; it has connected() and an
// explicit operator bool), SdCardLog buffers readings locally while offline
// (write() throws once closed; is_open() and good()), and PowerManager's
// state() tells whether the radio is Closed (powered down).
//
// No BUG: each use is behind a guard of the shapes people write, evaluated
// after the last close that can precede it: `if (!Link) return;`,
// `Link.connected()`, `Log.is_open()` / `Log.good()`, a local bool assigned
// after the close, `Radio.state() == State::Closed`.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class MqttLink {
public:
  void publish(const std::string &Topic, const std::string &Payload) {
    if (!Connected)
      throw std::runtime_error("mqtt link closed");
    std::printf("PUB %s %s\n", Topic.c_str(), Payload.c_str());
  }
  void disconnect() { Connected = false; }
  bool connected() const { return Connected; }
  explicit operator bool() const { return Connected; }

private:
  bool Connected = true;
};

class SdCardLog {
public:
  explicit SdCardLog(const char *Path) : File(std::fopen(Path, "a")) {}
  ~SdCardLog() { close(); }
  SdCardLog(const SdCardLog &) = delete;
  void write(const std::string &Line) {
    if (!File)
      throw std::runtime_error("sd card log closed");
    if (std::fprintf(File, "%s\n", Line.c_str()) < 0)
      Failed = true;
  }
  void close() {
    if (!File)
      return;
    std::fclose(File);
    File = nullptr;
  }
  bool is_open() const { return File != nullptr; }
  bool good() const { return File != nullptr && !Failed; }

private:
  std::FILE *File;
  bool Failed = false;
};

class PowerManager {
public:
  enum class State { On, Dozing, Closed };
  State state() const { return Current; }
  void doze() { Current = State::Dozing; }
  void powerDown(MqttLink &Link) {
    Link.disconnect();
    Current = State::Closed;
  }

private:
  State Current = State::On;
};

void publishReading(MqttLink &Link, const std::string &Sensor, double Value) {
  if (!Link)
    return;
  Link.publish("node7/" + Sensor, std::to_string(Value)); // OK: operator bool guard
}

void storeOffline(SdCardLog &Log, const std::string &Sensor, double Value) {
  if (!Log.is_open())
    return;
  Log.write(Sensor + "=" + std::to_string(Value));
}

void syncBacklog(MqttLink &Link, SdCardLog &Log, const std::vector<std::string> &Backlog,
                 int BatteryPct) {
  for (const std::string &Line : Backlog) {
    if (BatteryPct < 5) {
      Link.disconnect(); // save power, keep the rest on the card
      break;
    }
    Link.publish("node7/backlog", Line); // OK: the loop breaks right after the disconnect
  }
  const bool Online = Link.connected();
  if (Online)
    Link.publish("node7/sync", "done"); // OK: Online was read after the last disconnect
  if (Log.good())
    Log.write(Online ? "synced" : "sync pending"); // good() implies open
}

void onWake(PowerManager &Radio, MqttLink &Link, SdCardLog &Log, double Temp) {
  if (Radio.state() == PowerManager::State::Closed) {
    storeOffline(Log, "temp", Temp);
    return;
  }
  Link.publish("node7/temp", std::to_string(Temp)); // OK: the link is only closed with the radio
}

int main() {
  MqttLink Link;
  SdCardLog Log("/var/lib/node7/readings.log");
  PowerManager Radio;
  publishReading(Link, "temp", 21.5);
  syncBacklog(Link, Log, {"temp=21.1", "temp=21.3"}, 3);
  publishReading(Link, "humidity", 40.0);
  Log.close();
  storeOffline(Log, "temp", 21.6);

  MqttLink Fresh;
  onWake(Radio, Fresh, Log, 21.7);
  Radio.powerDown(Fresh);
  onWake(Radio, Fresh, Log, 21.8);
  return 0;
}
