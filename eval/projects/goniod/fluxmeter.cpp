// goniod — Fluxmeter: the ion chamber upstream of the sample. A sampler thread
// reads the chamber current every 100 ms; a 1 Hz pacemaker beat publishes the
// buffered readings to Kafka. shutdown() publishes what is left and then
// stops: stop() joins the sampler before closing the chamber link and closes
// the producer under the same lock flush() takes, and flush() skips once the
// producer is closed; detach() is called before the pacemaker ticks again.
// Correct as written.
#include "fluxmeter.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

namespace goniod {

Fluxmeter::Fluxmeter(const Endpoint &ep, const std::string &brokers, std::string topic)
    : conn_(ep.host, ep.port), producer_(brokers), topic_(std::move(topic)) {}

Fluxmeter::~Fluxmeter() {
  try {
    shutdown();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "goniod: fluxmeter shutdown: %s\n", e.what());
  }
}

void Fluxmeter::start() {
  sampling_ = true;
  sampler_ = std::thread([this] { sample_loop(); });
}

void Fluxmeter::sample_loop() {
  using namespace std::chrono;
  while (sampling_) {
    const double amps = conn_.get("IC1:CURRENT"); // OK: stop() joins this thread before closing conn_
    const long long ms =
        duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    {
      std::lock_guard<std::mutex> lk(mu_);
      readings_.emplace_back(ms, amps);
    }
    std::this_thread::sleep_for(milliseconds(100));
  }
}

void Fluxmeter::attach(Pacemaker &pm) {
  beat_ = pm.every("flux-digest", std::chrono::seconds(1), [this] { flush(); });
}

void Fluxmeter::detach(Pacemaker &pm) {
  if (beat_ != 0)
    pm.cancel(std::exchange(beat_, 0));
}

void Fluxmeter::flush() {
  std::lock_guard<std::mutex> lk(mu_);
  if (readings_.empty() || producer_.isClosed())
    return;
  std::string payload = "[";
  for (const auto &[ms, amps] : readings_) {
    if (payload.size() > 1)
      payload += ',';
    payload += "[" + std::to_string(ms) + "," + std::to_string(amps) + "]";
  }
  payload += "]";
  producer_.send({topic_, payload}); // OK: skipped once stop() has closed the producer
  readings_.clear();
}

void Fluxmeter::stop() {
  if (stopped_.exchange(true))
    return;
  sampling_ = false;
  if (sampler_.joinable())
    sampler_.join();
  conn_.close(); // OK: the sampler was joined above
  std::lock_guard<std::mutex> lk(mu_);
  producer_.flush();
  producer_.close();
}

void Fluxmeter::shutdown() {
  flush();
  stop();
}

void Fluxmeter::command(const std::string &verb) {
  if (stopped_)
    throw std::runtime_error("fluxmeter stopped, refusing '" + verb + "'");
  if (verb == "FLUSH") {
    flush();
    return;
  }
  conn_.post("IC1:CMD " + verb);
}

} // namespace goniod
