// Configuration loader. Lines are "key = value" settings or directives:
//   controller <id> <host>[:<port>] [unit]
//   group <name> <controller> <period-ms>
//   tag <group> <tag-id> <name> <register> <words> <scale>
//   alarm <tag-id> <name> <low> <high> [hold-off-s]
#include "config.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace histd {

std::string Endpoint::str() const { return host + ":" + std::to_string(port) + "/" + std::to_string(unit); }

const ControllerConfig *Config::controller(const std::string &id) const {
  for (const ControllerConfig &c : controllers) {
    if (c.id == id)
      return &c;
  }
  return nullptr;
}

ConfigError::ConfigError(const std::string &file, int line, const std::string &what)
    : std::runtime_error(file + ":" + std::to_string(line) + ": " + what) {}

namespace {

std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

Endpoint parseEndpoint(const std::string &text, const std::string &file, int line) {
  Endpoint ep;
  const auto colon = text.rfind(':');
  ep.host = text.substr(0, colon);
  if (colon != std::string::npos) {
    const int port = std::stoi(text.substr(colon + 1));
    if (port <= 0 || port > 65535)
      throw ConfigError(file, line, "bad port in " + text);
    ep.port = static_cast<uint16_t>(port);
  }
  if (ep.host.empty())
    throw ConfigError(file, line, "missing host");
  return ep;
}

void applySetting(Config &cfg, const std::string &key, const std::string &value,
                  const std::string &file, int line) {
  if (key == "data_dir") cfg.dataDir = value;
  else if (key == "spill_dir") cfg.spillDir = value;
  else if (key == "export_dir") cfg.exportDir = value;
  else if (key == "spool_dir") cfg.spoolDir = value;
  else if (key == "status_path") cfg.statusPath = value;
  else if (key == "pid_file") cfg.pidFile = value;
  else if (key == "event_log") cfg.eventLog = value;
  else if (key == "kafka_brokers") cfg.kafkaBrokers = value;
  else if (key == "alarm_topic") cfg.alarmTopic = value;
  else if (key == "export_topic") cfg.exportTopic = value;
  else if (key == "upstream") cfg.upstream = value;
  else if (key == "site") cfg.site = value;
  else if (key == "metrics") cfg.metricsTarget = value;
  else if (key == "poll_threads") cfg.pollThreads = static_cast<unsigned>(std::stoul(value));
  else if (key == "export_workers") cfg.exportWorkers = static_cast<unsigned>(std::stoul(value));
  else if (key == "max_segment_mb") cfg.maxSegmentBytes = std::stoull(value) << 20;
  else if (key == "stale_after_ms") cfg.staleAfterMs = std::stoi(value);
  else if (key == "retention_days") cfg.retentionDays = std::stoi(value);
  else if (key == "link_timeout_ms") cfg.linkTimeoutMs = std::stoi(value);
  else if (key == "reconnect_backoff_ms") cfg.reconnectBackoffMs = std::stoi(value);
  else if (key == "max_faults") cfg.maxFaults = std::stoi(value);
  else if (key == "tick_ms") cfg.tickMs = std::stoi(value);
  else if (key == "revision") cfg.revision = static_cast<unsigned>(std::stoul(value));
  else throw ConfigError(file, line, "unknown setting '" + key + "'");
}

TagGroup *findGroup(Config &cfg, const std::string &name) {
  auto it = std::find_if(cfg.groups.begin(), cfg.groups.end(),
                         [&](const TagGroup &g) { return g.name == name; });
  return it == cfg.groups.end() ? nullptr : &*it;
}

void applyDirective(Config &cfg, std::istringstream &in, const std::string &word,
                    const std::string &file, int line) {
  if (word == "controller") {
    ControllerConfig c;
    std::string ep;
    int unit = 1;
    if (!(in >> c.id >> ep))
      throw ConfigError(file, line, "controller needs an id and an endpoint");
    in >> unit;
    c.endpoint = parseEndpoint(ep, file, line);
    c.endpoint.unit = static_cast<uint8_t>(unit);
    cfg.controllers.push_back(std::move(c));
  } else if (word == "group") {
    TagGroup g;
    if (!(in >> g.name >> g.controller >> g.periodMs) || g.periodMs <= 0)
      throw ConfigError(file, line, "group needs a name, a controller and a period");
    if (findGroup(cfg, g.name))
      throw ConfigError(file, line, "duplicate group " + g.name);
    cfg.groups.push_back(std::move(g));
  } else if (word == "tag") {
    std::string group;
    TagDef t;
    unsigned reg = 0, words = 1;
    if (!(in >> group >> t.id >> t.name >> reg >> words >> t.scale))
      throw ConfigError(file, line, "malformed tag");
    if (words != 1 && words != 2)
      throw ConfigError(file, line, "tags are 1 or 2 registers wide");
    TagGroup *g = findGroup(cfg, group);
    if (!g)
      throw ConfigError(file, line, "tag refers to unknown group " + group);
    t.reg = static_cast<uint16_t>(reg);
    t.words = static_cast<uint8_t>(words);
    g->tags.push_back(std::move(t));
  } else if (word == "alarm") {
    AlarmRule r;
    if (!(in >> r.tagId >> r.name >> r.low >> r.high))
      throw ConfigError(file, line, "malformed alarm");
    in >> r.holdOffSec;
    cfg.alarms.push_back(std::move(r));
  } else {
    throw ConfigError(file, line, "unknown directive '" + word + "'");
  }
}

} // namespace

Config loadConfig(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw ConfigError(path, 0, "cannot open");
  Config cfg;
  std::string raw;
  int line = 0;
  while (std::getline(in, raw)) {
    ++line;
    const auto hash = raw.find('#');
    const std::string text = trim(hash == std::string::npos ? raw : raw.substr(0, hash));
    if (text.empty())
      continue;
    const auto eq = text.find('=');
    if (eq != std::string::npos) {
      applySetting(cfg, trim(text.substr(0, eq)), trim(text.substr(eq + 1)), path, line);
      continue;
    }
    std::istringstream words(text);
    std::string word;
    words >> word;
    applyDirective(cfg, words, word, path, line);
  }
  for (const TagGroup &g : cfg.groups) {
    if (!cfg.controller(g.controller))
      throw ConfigError(path, line, "group " + g.name + " uses unknown controller " + g.controller);
  }
  return cfg;
}

} // namespace histd
