// PlantConfigLoader: reads "key = value" lines from the main file, then from
// the site overrides file through the same FileHandle (open() replaces the
// stream), and computes the checksum with a second, separate handle. Every
// stream use below is on an open handle.
#include "plant_config.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <utility>

#include "file_handle.h"

namespace ww {

namespace {

std::string trim(const std::string& s) {
  const char* ws = " \t\r\n";
  std::string::size_type b = s.find_first_not_of(ws);
  if (b == std::string::npos) return "";
  std::string::size_type e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, sep)) out.push_back(trim(item));
  return out;
}

Status parse_stream(std::FILE* in, const std::string& origin,
                    const std::function<Status(const std::string&, const std::string&)>& apply) {
  char buf[512];
  int lineno = 0;
  while (std::fgets(buf, sizeof buf, in)) {
    ++lineno;
    std::string line = trim(buf);
    if (line.empty() || line[0] == '#') continue;
    std::string::size_type eq = line.find('=');
    if (eq == std::string::npos)
      return Status::Error(StatusCode::kInvalid, origin + ":" + std::to_string(lineno) + ": expected key = value");
    Status st = apply(trim(line.substr(0, eq)), trim(line.substr(eq + 1)));
    if (!st.ok())
      return Status::Error(StatusCode::kInvalid, origin + ":" + std::to_string(lineno) + ": " + st.message());
  }
  if (std::ferror(in)) return Status::Error(StatusCode::kIoError, origin + ": read error");
  return Status::Ok();
}

}  // namespace

PlantConfigLoader::PlantConfigLoader(std::string path) : path_(std::move(path)) {}

Result<PlantConfig> PlantConfigLoader::load() const {
  PlantConfig cfg;
  auto apply_fn = [this, &cfg](const std::string& k, const std::string& v) { return apply(cfg, k, v); };

  FileHandle in(path_, "r");
  if (!in.is_open()) return Status::Error(StatusCode::kIoError, "cannot open " + path_);
  Status st = parse_stream(in.get(), path_, apply_fn); // OK: checked is_open() just above
  in.close();
  if (!st.ok()) return st;

  if (!cfg.overrides_path.empty()) {
    if (!in.open(cfg.overrides_path, "r"))
      return Status::Error(StatusCode::kIoError, "cannot open overrides " + cfg.overrides_path);
    st = parse_stream(in.get(), cfg.overrides_path, apply_fn); // OK: reopened by open() above
    if (!st.ok()) return st;
  }
  if (cfg.stations.empty()) return Status::Error(StatusCode::kInvalid, "no pump station configured");
  return cfg;
}

std::uint32_t PlantConfigLoader::checksum() const {
  FileHandle in(path_, "rb");
  if (!in.is_open()) return 0;
  std::uint32_t a = 1, b = 0;
  unsigned char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, in.get())) > 0) { // OK: a separate handle, open for the whole loop
    for (std::size_t i = 0; i < n; ++i) {
      a = (a + buf[i]) % 65521;
      b = (b + a) % 65521;
    }
  }
  return (b << 16) | a;
}

Status PlantConfigLoader::apply(PlantConfig& cfg, const std::string& key, const std::string& value) const {
  if (key == "fieldbus.host") {
    cfg.fieldbus_host = value;
  } else if (key == "fieldbus.port") {
    cfg.fieldbus_port = static_cast<std::uint16_t>(std::atoi(value.c_str()));
  } else if (key == "scada.host") {
    cfg.scada_host = value;
  } else if (key == "scada.port") {
    cfg.scada_port = static_cast<std::uint16_t>(std::atoi(value.c_str()));
  } else if (key == "pager.host") {
    cfg.pager_host = value;
  } else if (key == "pager.port") {
    cfg.pager_port = static_cast<std::uint16_t>(std::atoi(value.c_str()));
  } else if (key == "historian.dir") {
    cfg.historian_dir = value;
  } else if (key == "audit.path") {
    cfg.audit_path = value;
  } else if (key == "overrides") {
    cfg.overrides_path = value;
  } else if (key == "workers") {
    cfg.worker_threads = static_cast<std::size_t>(std::atoi(value.c_str()));
  } else if (key == "poll.period_ms") {
    cfg.poll_period_ms = std::atoi(value.c_str());
  } else if (key == "valve.register") {
    cfg.valve_registers.push_back(static_cast<std::uint16_t>(std::atoi(value.c_str())));
  } else if (key == "station") {
    std::vector<std::string> f = split(value, ',');
    if (f.size() != 3) return Status::Error(StatusCode::kInvalid, "station = name, unit, pumps");
    cfg.stations.push_back(StationConfig{f[0], static_cast<std::uint8_t>(std::atoi(f[1].c_str())),
                                         static_cast<std::size_t>(std::atoi(f[2].c_str()))});
  } else if (key == "reservoir") {
    std::vector<std::string> f = split(value, ',');
    if (f.size() != 3) return Status::Error(StatusCode::kInvalid, "reservoir = name, unit, register");
    cfg.reservoirs.push_back(ReservoirConfig{f[0], static_cast<std::uint8_t>(std::atoi(f[1].c_str())),
                                             static_cast<std::uint16_t>(std::atoi(f[2].c_str()))});
  } else if (key == "level.low_m") {
    cfg.low_level_m = std::atof(value.c_str());
  } else if (key == "level.high_m") {
    cfg.high_level_m = std::atof(value.c_str());
  } else if (key == "operator") {
    std::vector<std::string> f = split(value, ':');
    if (f.size() != 2) return Status::Error(StatusCode::kInvalid, "operator = user:token");
    cfg.operator_tokens[f[0]] = f[1];
  } else {
    return Status::Error(StatusCode::kInvalid, "unknown key " + key);
  }
  return Status::Ok();
}

}  // namespace ww
