// Show-cave drip-water monitoring: every chamber has an acoustic drip counter
// under a stalactite, reached over a serial line. The CaveNetwork keeps them
// in a map by chamber name and in a vector in install order. flood_close()
// closes a chamber's counter but leaves it in the map, so poll_all() reads it
// again; end_of_season() closes every counter and then still reads the
// entrance one by index. The other paths erase, skip closed counters, or
// replace the counter before reading.
#include <fcntl.h>
#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class DripCounter {
public:
    explicit DripCounter(std::string tty) : tty_(std::move(tty)), fd_(::open(tty_.c_str(), O_RDWR | O_NOCTTY)) {}
    ~DripCounter() {
        if (fd_ >= 0) ::close(fd_);
    }
    int drips_per_minute() {
        if (fd_ < 0) throw std::runtime_error("drip counter closed: " + tty_);
        char buf[8] = {};
        if (::write(fd_, "R\n", 2) != 2 || ::read(fd_, buf, sizeof buf - 1) <= 0) return -1;
        return std::atoi(buf);
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    bool is_closed() const { return fd_ < 0; }

private:
    std::string tty_;
    int fd_;
};

struct CaveNetwork {
    std::map<std::string, std::shared_ptr<DripCounter>> by_chamber;
    std::vector<std::shared_ptr<DripCounter>> install_order;
};

void install(CaveNetwork& net, const std::string& chamber, const std::string& tty) {
    auto c = std::make_shared<DripCounter>(tty);
    net.by_chamber[chamber] = c;
    net.install_order.push_back(c);
}

void flood_close(CaveNetwork& net, const std::string& chamber) {
    auto it = net.by_chamber.find(chamber);
    if (it != net.by_chamber.end()) it->second->close();
}

std::map<std::string, int> poll_all(CaveNetwork& net) {
    std::map<std::string, int> rates;
    for (auto& entry : net.by_chamber) {
        rates[entry.first] = entry.second->drips_per_minute(); // SAME: poll
    }
    return rates;
}

std::map<std::string, int> poll_open(CaveNetwork& net) {
    std::map<std::string, int> rates;
    for (auto& entry : net.by_chamber) {
        if (entry.second->is_closed()) continue;
        rates[entry.first] = entry.second->drips_per_minute(); // OK: closed counters are skipped
    }
    return rates;
}

void flood_retire(CaveNetwork& net, const std::string& chamber) {
    auto it = net.by_chamber.find(chamber);
    if (it == net.by_chamber.end()) return;
    it->second->close();
    net.by_chamber.erase(it);
}

void high_water(CaveNetwork& net) {
    flood_close(net, "lower_gallery");
    poll_all(net); // BUG: use-after-close #poll
}

void high_water_retire(CaveNetwork& net) {
    flood_retire(net, "lower_gallery");
    for (auto& entry : net.by_chamber) {
        entry.second->drips_per_minute(); // OK: the closed counter was erased from the map
    }
}

void replace_counter(CaveNetwork& net, const std::string& chamber, const std::string& tty) {
    auto& slot = net.by_chamber[chamber];
    if (slot) slot->close();
    slot = std::make_shared<DripCounter>(tty);
    slot->drips_per_minute(); // OK: slot holds the new counter
}

int end_of_season(CaveNetwork& net) {
    for (auto& c : net.install_order) c->close();
    if (net.install_order.empty()) return 0;
    return net.install_order[0]->drips_per_minute(); // BUG: use-after-close
}

int end_of_season_report(CaveNetwork& net) {
    int entrance = net.install_order.empty() ? 0 : net.install_order[0]->drips_per_minute(); // OK: read before the loop closes it
    for (auto& c : net.install_order) c->close();
    for (auto& c : net.install_order) c->close(); // OK: close() is a no-op once fd_ is -1
    return entrance;
}
