// Dromedary derby timekeeper. During a heat the timekeeper streams split
// times over UDP to the robot-jockey remotes and the track board, and appends
// them to a results file. finish() closes the socket when the last camel
// crosses and marks the heat Finished; release() is the end-of-day teardown
// and closes whatever is still open, keyed on the Closed state.
// Mistakes: a penalty announced after finish() is sent on the closed socket,
// and release() after finish() closes the socket a second time because it only
// checks for State::Closed, not State::Finished.
#include <arpa/inet.h>
#include <cstdio>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class Timekeeper {
public:
    enum class State { Idle, Running, Finished, Closed };

    explicit Timekeeper(const char* board_ip) {
        board_.sin_family = AF_INET;
        board_.sin_port = htons(9300);
        ::inet_pton(AF_INET, board_ip, &board_.sin_addr);
    }

    bool arm(const std::string& results_path) {
        sock_ = ::socket(AF_INET, SOCK_DGRAM, 0);
        if (sock_ < 0) return false;
        results_ = std::fopen(results_path.c_str(), "a");
        if (results_ == nullptr) {
            ::close(sock_);
            sock_ = -1;
            return false;
        }
        state_ = State::Running;
        return true;
    }

    void split(int camel, double seconds) {
        if (state_ != State::Running) return;
        broadcast("SPLIT " + std::to_string(camel) + " " + std::to_string(seconds));  // OK: only while Running
        std::fprintf(results_, "%d,%.2f\n", camel, seconds);
    }

    void finish(int winner) {
        broadcast("WIN " + std::to_string(winner));
        ::close(sock_);
        std::fflush(results_);
        state_ = State::Finished;
    }

    void announce_penalty(int camel, const std::string& reason) {
        std::string msg = "PEN " + std::to_string(camel) + " " + reason;
        ::sendto(sock_, msg.data(), msg.size(), 0, reinterpret_cast<const sockaddr*>(&board_), sizeof board_);  // SAME: penalty
        if (results_ != nullptr) std::fprintf(results_, "# penalty %d %s\n", camel, reason.c_str());
    }

    void release() {
        if (state_ == State::Closed) return;
        if (sock_ >= 0) ::close(sock_);  // SAME: release
        if (results_ != nullptr) std::fclose(results_);
        results_ = nullptr;
        sock_ = -1;
        state_ = State::Closed;
    }

    State state() const { return state_; }

private:
    void broadcast(const std::string& msg) {
        if (::sendto(sock_, msg.data(), msg.size(), 0, reinterpret_cast<const sockaddr*>(&board_), sizeof board_) < 0)
            throw std::runtime_error("timing socket closed or unreachable");
    }

    sockaddr_in board_{};
    int sock_ = -1;
    FILE* results_ = nullptr;
    State state_ = State::Idle;
};

void run_heat(Timekeeper& tk, const int* order, int n, const double* times) {
    if (!tk.arm("/var/derby/results.csv")) return;
    for (int i = 0; i < n; ++i) tk.split(order[i], times[i]);
    tk.finish(order[0]);
    tk.split(order[n - 1], times[n - 1] + 3.0);  // OK: split() ignores calls once the heat is not Running
    tk.announce_penalty(order[1], "crossed lanes");  // BUG: use-after-close #penalty
}

void final_heat(Timekeeper& tk, int winner) {
    if (!tk.arm("/var/derby/final.csv")) return;
    tk.split(winner, 61.2);
    tk.finish(winner);
    tk.release();  // BUG: double-close #release
    tk.release();  // OK: state is Closed now, the second call returns at once
}

void abandoned_heat(Timekeeper& tk) {
    if (!tk.arm("/var/derby/results.csv")) return;
    tk.split(4, 12.5);
    tk.release();  // OK: the heat never finished, so this is the only close of the socket
    tk.split(4, 19.0);  // OK: split() returns unless Running
}
