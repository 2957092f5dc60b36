//! The studio's adjustment: tables made every frame from the whole picture's
//! 256-bin histogram (the counted bins when they are that, else a count of its
//! own), the picture remapped through them by the picture pass, and the adjusted
//! picture's histogram (of the region counted, as the original's is) counted and
//! drawn beside the original's.

use crate::adjust::Adjustment;
use crate::gpu::{
    AdjustedCount, Adjuster, Gpu, GpuError, GpuImage, HistogramPainter, Kernels, Method, Owned,
    Remap, Run, RunOptions,
};
use crate::histogram::Spec;
use crate::image::Region;
use std::cell::Cell;
use std::rc::Rc;

pub struct AdjustView {
    adjuster: Adjuster,
    count: AdjustedCount,
    /// The whole picture's 256 bins, where the counted ones are not those.
    whole: Run,
    painter: HistogramPainter,
    /// The tables read back for the page (the curves, Otsu's line).
    readback: Owned<wgpu::Buffer>,
    reading: Rc<Cell<bool>>,
    /// The adjusted picture's counts read back for the page (its readout, its
    /// statistics).
    counts_readback: Owned<wgpu::Buffer>,
    counts_reading: Rc<Cell<bool>>,
}

impl AdjustView {
    /// `adjustment` of the picture in `picture` (`size` pixels), its histograms
    /// drawn into the panel's targets, of `format`.
    pub fn new(
        g: &Gpu,
        kernels: &mut Kernels,
        adjustment: Adjustment,
        picture: &wgpu::TextureView,
        size: (u32, u32),
        format: wgpu::TextureFormat,
    ) -> Result<AdjustView, GpuError> {
        let image = GpuImage::from_texture(picture.clone(), size.0, size.1);
        let whole = Run::new(
            g,
            kernels,
            &image,
            RunOptions::new(Method::Privatized, Spec::rgbl()),
        )?;
        let adjuster = Adjuster::new(g, adjustment, picture, size, whole.bins())?;
        let count = adjuster.count_adjusted(g, picture);
        let painter = super::PanelView::painter(g, kernels, format, Spec::rgbl(), count.bins());
        painter.set_entries(&g.queue, size.0 as u64 * size.1 as u64);
        let readback = g.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("tables readback"),
            size: adjuster.tables().size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let counts_readback = g.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("adjusted counts readback"),
            size: count.bins().size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Ok(AdjustView {
            adjuster,
            count,
            whole,
            painter,
            readback: readback.into(),
            reading: Rc::new(Cell::new(false)),
            counts_readback: counts_readback.into(),
            counts_reading: Rc::new(Cell::new(false)),
        })
    }

    /// Counts the adjusted picture's `region` from now on: the pixels the
    /// picture's own histogram counts (Before and After of the same pixels).
    pub fn set_region(&self, g: &Gpu, region: Region) {
        self.count.set_region(&g.queue, region);
        self.painter.set_entries(&g.queue, region.pixel_count());
    }

    pub fn adjuster(&self) -> &Adjuster {
        &self.adjuster
    }

    pub fn painter(&self) -> &HistogramPainter {
        &self.painter
    }

    /// Records the tables from this frame's histogram: `counted` holds it when it
    /// is the whole picture's in 256 bins. `recount`: count the adjusted picture's
    /// histogram too (on video, not every frame: it costs a pass over the picture).
    pub fn encode(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        counted: Option<&wgpu::Buffer>,
        recount: bool,
    ) {
        match counted {
            Some(bins) => encoder.copy_buffer_to_buffer(bins, 0, self.whole.bins(), 0, bins.size()),
            None => self.whole.encode(encoder),
        }
        self.adjuster.encode(encoder, None);
        if recount {
            self.count.encode(encoder);
            self.painter.encode_scale(encoder);
        }
    }

    /// Copies the tables as they were last made into the read-back buffer and
    /// submits it: the buffer to map, and a flag to clear once it is read. Err
    /// while an earlier read is still going.
    pub fn read_tables(&self, g: &Gpu) -> Result<(wgpu::Buffer, Rc<Cell<bool>>), GpuError> {
        if self.reading.replace(true) {
            return Err(GpuError("the tables are being read".into()));
        }
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let tables = self.adjuster.tables();
        encoder.copy_buffer_to_buffer(tables, 0, &self.readback, 0, tables.size());
        g.queue.submit([encoder.finish()]);
        Ok(((*self.readback).clone(), self.reading.clone()))
    }

    /// Copies the adjusted picture's counts as last made (R, G, B and luminance in
    /// 256 bins, interleaved) into their read-back buffer and submits it, as
    /// `read_tables` does.
    pub fn read_counts(&self, g: &Gpu) -> Result<(wgpu::Buffer, Rc<Cell<bool>>), GpuError> {
        if self.counts_reading.replace(true) {
            return Err(GpuError("the adjusted counts are being read".into()));
        }
        let mut encoder = g.device.create_command_encoder(&Default::default());
        let bins = self.count.bins();
        encoder.copy_buffer_to_buffer(bins, 0, &self.counts_readback, 0, bins.size());
        g.queue.submit([encoder.finish()]);
        Ok(((*self.counts_readback).clone(), self.counts_reading.clone()))
    }

    /// The adjusted picture at full size, made on the GPU like the command-line
    /// tool's `adjust`, to read back.
    pub fn remap(
        &self,
        g: &Gpu,
        kernels: &mut Kernels,
        picture: &wgpu::TextureView,
        size: (u32, u32),
    ) -> Result<Remap, GpuError> {
        Remap::new(g, kernels, picture, size, self.adjuster.adjustment())
    }
}
