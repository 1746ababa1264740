// Metrics exporter with an active and a standby PushClient (Pushgateway-style).
// Negative case, the code is correct: PushClient::push() throws once the
// client is closed and close() on a closed client throws, but after every
// close() the variable either receives a freshly constructed client (assignment
// of a new object) or is swapped with the open standby before the next push,
// and stop() closes each of the two current clients exactly once (guarded by
// stopped_). PushClient has no destructor side effects: the owner closes it.
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PushClient {
public:
  PushClient() = default;
  explicit PushClient(std::string endpoint) : endpoint_(std::move(endpoint)), open_(true) {}
  void push(const std::string &sample);
  void close();
  bool isOpen() const { return open_; }
  const std::string &endpoint() const { return endpoint_; }

private:
  std::string endpoint_;
  std::vector<std::string> batch_;
  bool open_ = false;
};

void PushClient::push(const std::string &sample) {
  if (!open_)
    throw std::runtime_error("push client closed: " + endpoint_);
  batch_.push_back(sample);
}

void PushClient::close() {
  if (!open_)
    throw std::logic_error("push client closed twice: " + endpoint_);
  std::cout << "flush " << batch_.size() << " samples to " << endpoint_ << "\n";
  batch_.clear();
  open_ = false;
}

class Exporter {
public:
  Exporter(std::string primary, std::string secondary)
      : primaryUrl_(std::move(primary)), secondaryUrl_(std::move(secondary)),
        active_(primaryUrl_), standby_(secondaryUrl_) {}
  void report(const std::string &name, double value);
  void failover();
  void rotateCredentials();
  void stop();

private:
  std::string primaryUrl_, secondaryUrl_;
  PushClient active_;
  PushClient standby_;
  bool stopped_ = false;
};

void Exporter::report(const std::string &name, double value) {
  active_.push(name + " " + std::to_string(value));
}

void Exporter::failover() {
  const std::string failed = active_.endpoint();
  active_.close();
  std::swap(active_, standby_);
  active_.push("exporter_failover{from=\"" + failed + "\"} 1"); // OK: the swapped-in standby is open
  standby_ = PushClient(failed);
  standby_.push("exporter_standby_ready 1"); // OK: standby_ was just assigned a fresh client
}

void Exporter::rotateCredentials() {
  const std::string url = active_.endpoint();
  active_.close();
  active_ = PushClient(url + "?token=rotated");
  active_.push("exporter_credentials_rotated 1"); // OK: a new client replaced the closed one
}

void Exporter::stop() {
  if (stopped_)
    return;
  active_.close(); // OK: failover() and rotateCredentials() leave active_ open
  standby_.close(); // OK: standby_ is always a fresh or never-used open client
  stopped_ = true;
}

int main() {
  Exporter exporter("http://push-a:9091", "http://push-b:9091");
  try {
    exporter.report("queue_depth", 12);
    exporter.failover();
    exporter.report("queue_depth", 15); // OK: reports go to the open standby after failover
    exporter.rotateCredentials();
    exporter.report("queue_depth", 9);
    exporter.stop();
    exporter.stop(); // OK: stop() returns early the second time
  } catch (const std::exception &e) {
    std::cerr << "exporter: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
