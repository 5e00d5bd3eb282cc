#version 330 core
// One instance per cell: a rectangle in world units, turned into screen pixels by the camera.
layout(location = 0) in vec2 corner;          // unit quad, 0..1
layout(location = 1) in vec4 rect;            // x, y, w, h (world)
layout(location = 2) in vec4 fill_color;
layout(location = 3) in vec4 border_color;
layout(location = 4) in float border_px;

uniform vec2 origin;     // world point at the canvas's top-left
uniform float scale;     // pixels per world unit
uniform vec2 viewport;   // canvas size in pixels

out vec2 local_px;       // position inside the cell, pixels from its centre
out vec2 half_size_px;
flat out vec4 fill;
flat out vec4 border;
flat out float border_width;

void main() {
    vec2 size_px = rect.zw * scale;
    vec2 pad = vec2(1.0);  // room for the anti-aliased edge
    vec2 p = (rect.xy - origin) * scale - pad + corner * (size_px + 2.0 * pad);
    local_px = p - ((rect.xy - origin) * scale + size_px * 0.5);
    half_size_px = size_px * 0.5;
    fill = fill_color;
    border = border_color;
    border_width = border_px;
    gl_Position = vec4(p.x / viewport.x * 2.0 - 1.0, 1.0 - p.y / viewport.y * 2.0, 0.0, 1.0);
}
