// Sand-sculpture festival: finished tiers are fixed with a binder mist from a
// SprayHead, and every tier is noted on the sculpture's WorkOrder. A head or
// order must be closed exactly once: on the last tier, before a break, or
// behind a first-time flag. glaze_tiers() has the order's close inside the
// loop, so the second tier closes it again; rinse_heads() closes the head on
// the first tier (index 0 instead of the last index) and sprays it on the
// next one.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class SprayHead {
 public:
  explicit SprayHead(std::string id) : id_(std::move(id)) {}
  void spray(double ml) {
    if (closed_) throw std::runtime_error("spray head closed: " + id_);
    used_ml_ += ml;
  }
  void close() {
    if (closed_) throw std::runtime_error("spray head closed twice: " + id_);
    closed_ = true;
  }

 private:
  std::string id_;
  double used_ml_ = 0.0;
  bool closed_ = false;
};

class WorkOrder {
 public:
  explicit WorkOrder(std::string sculpture) : sculpture_(std::move(sculpture)) {}
  void note(const std::string& line) {
    if (closed_) throw std::runtime_error("work order closed: " + sculpture_);
    lines_.push_back(line);
  }
  void close() {
    if (closed_) throw std::runtime_error("work order closed twice: " + sculpture_);
    closed_ = true;
  }

 private:
  std::string sculpture_;
  std::vector<std::string> lines_;
  bool closed_ = false;
};

struct Tier {
  std::string name;
  double binder_ml = 0.0;
};

void fix_tiers(SprayHead& head, WorkOrder& order, const std::vector<Tier>& tiers) {
  const std::size_t n = tiers.size();
  for (std::size_t i = 0; i < n; ++i) {
    head.spray(tiers[i].binder_ml);  // OK: the head closes only after the last tier's spray
    order.note(tiers[i].name);  // OK: same, the order closes after the last note
    if (i == n - 1) {
      head.close();  // OK: runs in the last iteration only
      order.close();  // OK: runs in the last iteration only
    }
  }
}

void spot_repair(SprayHead& head, const std::vector<Tier>& tiers, double budget_ml) {
  double used = 0.0;
  for (const Tier& t : tiers) {
    head.spray(t.binder_ml);  // OK: the loop breaks right after the close
    used += t.binder_ml;
    if (used >= budget_ml) {
      head.close();  // OK: followed by break
      break;
    }
  }
}

void night_cover(std::vector<SprayHead>& heads, WorkOrder& site_log) {
  bool log_closed = false;
  for (SprayHead& h : heads) {
    h.close();  // OK: each head is a different object
    if (!log_closed) {
      site_log.close();  // OK: guarded by a first-time flag
      log_closed = true;
    }
  }
}

void glaze_tiers(SprayHead& head, WorkOrder& order, const std::vector<Tier>& tiers) {
  order.note("glaze start");
  for (const Tier& t : tiers) {
    head.spray(t.binder_ml);
    order.close();  // BUG: double-close
  }
  head.close();
}

void rinse_heads(SprayHead& head, const std::vector<Tier>& tiers) {
  for (std::size_t i = 0; i < tiers.size(); ++i) {
    head.spray(tiers[i].binder_ml * 0.1);  // BUG: use-after-close
    if (i == 0) head.close();
  }
}
