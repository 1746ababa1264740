// Locust swarm early warning: sweep-net stations along the desert edge send
// catch counts over UDP sockets, one socket per station, kept in an
// unordered_map by station id and in a vector of Station records for the
// dashboard. decommission() closes a station's socket by key but keeps the
// entry, so broadcast_alert() sends on it; send_calibration() closes the
// faulty stations' descriptors from a copied list and then writes to station
// 0 by index, which may be one of them. The other loops skip -1 descriptors
// or erase the entry.
#include <arpa/inet.h>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

struct Station {
    int id = 0;
    int fd = -1;
    bool faulty = false;
    sockaddr_in peer{};
};

class NetGrid {
public:
    void add(int id, int fd) { sockets_[id] = fd; }

    void decommission(int id) {
        auto it = sockets_.find(id);
        if (it != sockets_.end()) ::close(it->second);
    }

    void remove(int id) {
        auto it = sockets_.find(id);
        if (it == sockets_.end()) return;
        ::close(it->second);
        sockets_.erase(it);
    }

    void broadcast_alert(const std::string& msg) {
        for (auto& kv : sockets_) {
            ::send(kv.second, msg.data(), msg.size(), 0); // SAME: alert
        }
    }

    int send_to(int id, const std::string& msg) {
        auto it = sockets_.find(id);
        if (it == sockets_.end()) return -1;
        return static_cast<int>(::send(it->second, msg.data(), msg.size(), 0)); // OK: removed stations are no longer in the map
    }

private:
    std::unordered_map<int, int> sockets_;
};

void swarm_front(NetGrid& grid, int lost_station) {
    grid.decommission(lost_station);
    grid.broadcast_alert("SWARM 3km NE"); // BUG: use-after-close #alert
}

void swarm_front_fixed(NetGrid& grid, int lost_station) {
    grid.remove(lost_station);
    grid.broadcast_alert("SWARM 3km NE"); // OK: the closed socket was erased first
    grid.send_to(lost_station, "bye");
}

void retire_faulty(std::vector<Station>& stations) {
    for (Station& s : stations) {
        if (s.faulty) {
            ::close(s.fd);
            s.fd = -1;
        }
    }
}

void report_counts(std::vector<Station>& stations, int count) {
    retire_faulty(stations);
    for (Station& s : stations) {
        if (s.fd < 0) continue;
        ::sendto(s.fd, &count, sizeof count, 0, reinterpret_cast<sockaddr*>(&s.peer), sizeof s.peer); // OK: retired stations have fd == -1
    }
}

void send_calibration(std::vector<Station>& stations) {
    if (stations.empty()) return;
    std::vector<int> fds;
    for (const Station& s : stations) fds.push_back(s.fd);
    for (std::size_t i = 0; i < stations.size(); ++i) {
        if (stations[i].faulty) ::close(fds[i]);
    }
    const char cal[] = "CAL";
    ::send(fds[0], cal, sizeof cal, 0); // BUG: use-after-close
}

void shutdown_all(std::vector<Station>& stations) {
    for (Station& s : stations) {
        if (s.fd >= 0) {
            ::close(s.fd);
            s.fd = -1;
        }
    }
    for (Station& s : stations) {
        if (s.fd >= 0) ::close(s.fd); // OK: every fd was reset to -1 above
    }
}
