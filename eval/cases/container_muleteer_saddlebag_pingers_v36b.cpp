// Muleteer pack string tracker. Every mule in a pack string carries a GPS
// pinger in its saddlebag; the muleteer's handset keeps one UDP Pinger per
// mule in a map keyed by the mule's name, plus the nose-to-tail order.
// unload() switches a pinger off but leaves it in the map (the mule stays in
// the string); retire() switches it off and removes it; camp() switches all
// of them off for the night.
// Mistakes: trail_day() broadcasts to every pinger right after unloading one
// by key, vet_check() looks the unloaded mule's pinger up by name and sends on
// it, and make_camp() talks to the lead mule after camp() closed them all.
#include <algorithm>
#include <arpa/inet.h>
#include <map>
#include <memory>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

class Pinger {
public:
    Pinger(std::string mule, int port) : mule_(std::move(mule)), fd_(::socket(AF_INET, SOCK_DGRAM, 0)) {
        if (fd_ < 0) throw std::runtime_error("no socket for " + mule_);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<uint16_t>(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    }
    ~Pinger() { close(); }
    void send(const std::string& msg) {
        if (fd_ < 0) throw std::runtime_error("pinger " + mule_ + " closed");
        ::send(fd_, msg.data(), msg.size(), 0);
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    bool alive() const { return fd_ >= 0; }

private:
    std::string mule_;
    int fd_;
};

class PackString {
public:
    void add(const std::string& mule, int port) {
        by_mule_[mule] = std::make_unique<Pinger>(mule, port);
        order_.push_back(mule);
    }
    void unload(const std::string& mule) { by_mule_.at(mule)->close(); }
    void retire(const std::string& mule) {
        auto it = by_mule_.find(mule);
        if (it == by_mule_.end()) return;
        it->second->close();
        by_mule_.erase(it);
        order_.erase(std::remove(order_.begin(), order_.end(), mule), order_.end());
    }
    void broadcast(const std::string& msg) {
        for (auto& kv : by_mule_) kv.second->send(msg);  // SAME: bcast
    }
    void broadcast_live(const std::string& msg) {
        for (auto& kv : by_mule_) {
            if (kv.second->alive()) kv.second->send(msg);  // OK: alive() checked per element
        }
    }
    void camp() {
        for (auto& kv : by_mule_) kv.second->close();
    }
    void break_camp(int base_port) {
        int port = base_port;
        for (const auto& mule : order_) by_mule_[mule] = std::make_unique<Pinger>(mule, port++);
    }
    Pinger& lead() { return *by_mule_.at(order_.front()); }
    Pinger& by_name(const std::string& mule) { return *by_mule_.at(mule); }

private:
    std::map<std::string, std::unique_ptr<Pinger>> by_mule_;
    std::vector<std::string> order_;
};

void trail_day(PackString& ps) {
    ps.unload("Biscuit");
    ps.broadcast("water stop in 10 min");  // BUG: use-after-close #bcast
}

void trail_day_fixed(PackString& ps) {
    ps.retire("Biscuit");
    ps.broadcast("water stop in 10 min");  // OK: the retired pinger was erased from the map
    ps.unload("Pepper");
    ps.broadcast_live("descending to the ford");
    ps.by_name("Juniper").send("hold");  // OK: only Pepper was unloaded; Juniper is a different element
}

void vet_check(PackString& ps) {
    ps.unload("Pepper");
    ps.by_name("Pepper").send("vet check at the corral");  // BUG: use-after-close
}

void make_camp(PackString& ps) {
    ps.camp();
    ps.lead().send("camp made");  // BUG: use-after-close
}

void overnight(PackString& ps) {
    ps.camp();
    ps.break_camp(7400);
    ps.lead().send("moving out");  // OK: break_camp() replaced every pinger with a fresh one
    ps.broadcast("roll call");  // OK: every element is a new, open Pinger
}

void build_string(PackString& ps) {
    ps.add("Juniper", 7301);
    ps.add("Biscuit", 7302);
    ps.add("Pepper", 7303);
    trail_day_fixed(ps);
    overnight(ps);
}
