// YardPlanner: allocates stacking slots (block letter by weight class, running index)
// and re-plans / checkpoints on the terminal's ThreadPool. seal() writes the final plan
// at the end of the shift; allocations throw afterwards.
#include <sstream>
#include <stdexcept>

#include "raii.h"
#include "yard.h"

YardPlanner::YardPlanner(std::shared_ptr<ThreadPool> pool, std::string plan_path)
    : pool_(std::move(pool)), plan_path_(std::move(plan_path)) {}

std::string YardPlanner::allocate_slot(const std::string& container, int weight_class) {
    std::lock_guard<std::mutex> lk(mu_);
    if (sealed_) throw std::runtime_error("yard plan sealed");
    auto it = slots_.find(container);
    if (it != slots_.end()) return it->second;
    char block = static_cast<char>('A' + (weight_class < 0 ? 0 : weight_class % 6));
    std::string slot = std::string(1, block) + "-" + std::to_string(next_index_++);
    slots_.emplace(container, slot);
    return slot;
}

void YardPlanner::release_slot(const std::string& container) {
    std::lock_guard<std::mutex> lk(mu_);
    slots_.erase(container);
}

void YardPlanner::replan() {
    std::lock_guard<std::mutex> lk(mu_);
    if (sealed_) return;
    int index = 0;
    for (auto& entry : slots_) entry.second = entry.second.substr(0, 2) + std::to_string(index++);
    next_index_ = index;
    ++replans_;
}

void YardPlanner::replan_async() {
    std::weak_ptr<YardPlanner> weak = shared_from_this();
    pool_->submit([weak] {
        if (auto self = weak.lock()) self->replan();
    });
}

void YardPlanner::checkpoint_async() {
    std::ostringstream snapshot;
    {
        std::lock_guard<std::mutex> lk(mu_);
        for (const auto& entry : slots_) snapshot << entry.first << ' ' << entry.second << '\n';
    }
    auto job = [path = plan_path_ + ".ckpt", text = snapshot.str()] {
        FileHandle out(path, "w");
        if (out.is_open()) out.write(text);
    };
    pool_->submit(std::move(job)); // SAME: ckpt
}

void YardPlanner::seal() {
    std::lock_guard<std::mutex> lk(mu_);
    if (sealed_) return;
    FileHandle out(plan_path_, "w");
    if (out.is_open()) {
        for (const auto& entry : slots_) out.write(entry.first + ' ' + entry.second + '\n');
    } else {
        log_line("yard", "cannot write final plan " + plan_path_);
    }
    sealed_ = true;
}

bool YardPlanner::sealed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return sealed_;
}

std::string YardPlanner::summary() const {
    std::lock_guard<std::mutex> lk(mu_);
    return std::to_string(slots_.size()) + " slots, " + std::to_string(replans_) + " replans" +
           (sealed_ ? ", sealed" : "");
}
