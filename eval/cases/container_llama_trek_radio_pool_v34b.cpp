// Radio pool of a llama trekking outfit: every guide, the sweep and the base
// camp carry a trail radio, kept in a map by call sign. At night the radios
// of a camp are powered off to save batteries. Two mistakes: end_trek()
// powers off every radio in the pool, base included, and then sends the
// closing message through the base radio by key; night_camp() keeps a
// reference to the sweep's radio, powers off the camp (which includes the
// sweep) and then uses the reference.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

class TrailRadio {
public:
  TrailRadio(std::string call, std::string camp) : call_(std::move(call)), camp_(std::move(camp)) {}
  void send(const std::string &msg);
  void power_off() { on_ = false; }
  bool on() const { return on_; }
  const std::string &camp() const { return camp_; }

private:
  std::string call_;
  std::string camp_;
  std::vector<std::string> log_;
  bool on_ = true;
};

void TrailRadio::send(const std::string &msg) {
  if (!on_)
    throw std::runtime_error("radio " + call_ + " is off (channel closed)");
  log_.push_back(msg);
}

using RadioPool = std::unordered_map<std::string, std::unique_ptr<TrailRadio>>;

static void power_off_camp(RadioPool &pool, const std::string &camp) {
  for (auto &entry : pool)
    if (entry.second->camp() == camp)
      entry.second->power_off();
}

void end_trek(RadioPool &pool) {
  for (auto &entry : pool)
    entry.second->power_off();
  pool.at("BASE")->send("trek closed, all radios off"); // BUG: use-after-close
}

void night_camp(RadioPool &pool) {
  TrailRadio &sweep = *pool.at("SWEEP");
  const std::string camp = sweep.camp();
  power_off_camp(pool, camp);
  sweep.send("sweep: camp " + camp + " silent"); // BUG: use-after-close
}

void morning_roll_call(RadioPool &pool) {
  for (auto &entry : pool) {
    if (!entry.second->on())
      continue;
    entry.second->send("roll call"); // OK: powered-off radios skipped
  }
}

void retire_radio(RadioPool &pool, const std::string &call) {
  auto it = pool.find(call);
  if (it == pool.end())
    return;
  it->second->power_off();
  pool.erase(it);
  auto again = pool.find(call);
  if (again != pool.end())
    again->second->send("retired"); // OK: erased, so this lookup finds nothing
}

void swap_battery(RadioPool &pool, const std::string &call) {
  auto &slot = pool.at(call);
  std::string camp = slot->camp();
  slot->power_off();
  slot = std::make_unique<TrailRadio>(call, camp);
  slot->send("fresh battery"); // OK: the slot holds a new radio
}

void relay_to_base(RadioPool &pool, const std::string &from_camp) {
  power_off_camp(pool, from_camp);
  auto base = pool.find("BASE");
  if (base != pool.end() && base->second->on())
    base->second->send("camp " + from_camp + " asleep"); // OK: checked on() after the camp was powered off
}

std::map<std::string, int> battery_check(const RadioPool &pool) {
  std::map<std::string, int> on_per_camp;
  for (const auto &entry : pool)
    if (entry.second->on())
      ++on_per_camp[entry.second->camp()];
  return on_per_camp;
}
