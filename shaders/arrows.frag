#version 330 core
// A shaft and, at the far end, a triangular head; anti-aliased by distance.
in vec2 along_across;
flat in float length_px;
flat in float width_px;
flat in float head;
flat in vec4 tint;
out vec4 color;

void main() {
    float head_length = head > 0.5 ? min(3.5 * width_px + 4.0, 0.45 * length_px) : 0.0;
    float head_half = head_length * 0.55;
    float x = along_across.x, y = abs(along_across.y);
    float shaft_end = length_px - head_length;
    // Distance to the shaft (a segment of half width width_px / 2).
    float dx = max(max(-x, x - shaft_end), 0.0);
    float shaft = max(dx, y - 0.5 * width_px);
    // Distance to the head: inside when x in [shaft_end, length] and y under the sloping side.
    float t = (x - shaft_end) / max(head_length, 0.001);
    float head_d = head > 0.5 ? max(max(shaft_end - x, x - length_px), y - head_half * (1.0 - t)) : 1e6;
    float d = min(shaft, head_d);
    float alpha = clamp(0.5 - d, 0.0, 1.0) * tint.a;
    if (alpha <= 0.0) discard;
    color = vec4(tint.rgb, alpha);
}
