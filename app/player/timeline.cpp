#include "player/timeline.h"

#include <algorithm>

namespace scanscope {

void Timeline::reset(int frames) {
    frames_ = std::max(frames, 0);
    position_ = 0;
    playing_ = false;
    since_step_ = 0;
    gliding_ = false;
}

void Timeline::seek(int frame) {
    if (frames_ == 0) return;
    position_ = std::clamp(frame, 0, frames_ - 1);
    since_step_ = 0;
    gliding_ = false;
}

void Timeline::forward() {
    if (position_ + 1 >= frames_) return;
    ++position_;
    since_step_ = 0;
    gliding_ = true;
}

void Timeline::back() {
    seek(position_ - 1);
}
void Timeline::home() {
    seek(0);
}
void Timeline::end() {
    seek(frames_ - 1);
}

void Timeline::toggle_play() {
    if (frames_ == 0) return;
    if (!playing_ && position_ + 1 >= frames_) seek(0);  // play again from the start
    playing_ = !playing_;
    since_step_ = 0;
}

void Timeline::faster() {
    speed_ = std::min(speed_ * 2.0f, 16.0f);
}
void Timeline::slower() {
    speed_ = std::max(speed_ / 2.0f, 0.25f);
}

double Timeline::glide_seconds() const {
    return std::min(0.6, 0.8 / double(speed_));
}

bool Timeline::update(double seconds) {
    since_step_ += seconds;
    if (!playing_) return false;
    if (since_step_ < 1.0 / double(speed_)) return false;
    if (position_ + 1 >= frames_) {
        playing_ = false;
        return false;
    }
    forward();
    return true;
}

float Timeline::glide() const {
    if (!gliding_) return 1.0f;
    const double t = since_step_ / glide_seconds();
    if (t >= 1.0) return 1.0f;
    return float(1.0 - (1.0 - t) * (1.0 - t));  // ease out
}

}  // namespace scanscope
